import { chatServiceRoute } from "@/lib/chat-service/http";

// Every path under /v3 that no other route serves: the vendor's 404.
export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = chatServiceRoute({});
