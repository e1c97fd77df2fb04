import type { App } from '../shared/context.js';

export async function adminRoutes(_app: App) {}
