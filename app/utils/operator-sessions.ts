/** `?operator=` on the Sessions screen and GET /api/admin/sessions for every operator's sessions (an admin's). */
export const ALL_OPERATORS = "all";
