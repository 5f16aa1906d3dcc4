export declare const FRAME_ANCESTORS: string;
export declare const SECURITY_HEADERS: Readonly<Record<string, string>>;
export declare const API_SECURITY_HEADERS: Readonly<Record<string, string>>;
