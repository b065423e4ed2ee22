// POST /api/characters/{id}/auto-yield/discover
import { postCharacterDiscover } from "@/server/characters/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postCharacterDiscover);
