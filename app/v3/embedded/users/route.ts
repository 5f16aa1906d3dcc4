import { testUsersEndpoints } from "@/lib/chat-service/endpoints";
import { chatServiceRoute } from "@/lib/chat-service/http";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = chatServiceRoute(testUsersEndpoints);
