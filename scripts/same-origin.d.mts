export function isCrossSiteRequest(request: { method: string; host: string | null | undefined; origin: string | null | undefined; fetchSite: string | null | undefined }): boolean;
