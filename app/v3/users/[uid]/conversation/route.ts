import { chatServiceRoute } from "@/lib/chat-service/http";
import { userConversationEndpoints } from "@/lib/chat-service/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = chatServiceRoute(userConversationEndpoints);
