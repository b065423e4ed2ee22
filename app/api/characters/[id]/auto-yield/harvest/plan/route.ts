// POST /api/characters/{id}/auto-yield/harvest/plan
import { postCharacterHarvestPlan } from "@/server/characters/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postCharacterHarvestPlan);
