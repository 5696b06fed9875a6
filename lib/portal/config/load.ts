import 'server-only';
import { cache } from 'react';
import type { PortalSession } from '../session/session';

/** `users/get_current_user/`, once per request however many components ask. */
export const loadConfig = cache((session: PortalSession) => session.api.currentUser());
