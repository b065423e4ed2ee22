// GET, PUT /api/characters/{id}
import { getCharacter, putCharacter } from "@/server/characters/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getCharacter, putCharacter);
