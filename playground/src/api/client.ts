/**
 * The controller runtime's client over the page's own `fetch`: requests go to this origin, where
 * the Service Worker hands them to the API worker. What the views watch and discover goes
 * through it, so the playground sees the API exactly as a controller does.
 */
import { Client } from '../../../controllers/runtime/index.ts';

export const client = new Client({ fetch: (request) => fetch(request), baseUrl: location.origin, userAgent: 'orch-playground' });
