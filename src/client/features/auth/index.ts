// The auth feature's public surface: what other features may import (docs/decisions/008-client-layers.md).
// Pages and app/ compose features and may import any of their files; features go through this file.
export { BUYER_SIGNUP_PATH, goToLogin, LOGIN_PATH, LOGOUT_PATH, SIGNUP_PATH } from "./redirect-to-login";
export { AUTH_USER_KEY, useAuth } from "./use-auth";
export { UserAvatar } from "./user-avatar";
export { PlanBadge, RoleBadge } from "./user-badges";
export { getDisplayName, getWelcomeName } from "./user-display";
