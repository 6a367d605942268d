/**
 * The playground's routes, in the URL's hash so a static host serves every one: `#/` the welcome
 * page, `#/lessons/<id>` a lesson, `#/sandbox` (or `#/sandbox/<view>`) the free tools. The older
 * `#view=<view>` links still open that tool.
 */
export type Route =
  | { readonly page: 'welcome' }
  | { readonly page: 'lesson'; readonly id: string }
  | { readonly page: 'sandbox'; readonly view?: string };

export function parseRoute(hash: string): Route {
  const h = hash.replace(/^#/, '');
  const legacy = new URLSearchParams(h).get('view');
  if (legacy) return { page: 'sandbox', view: legacy };
  const parts = h.replace(/^\//, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'lessons' && parts[1]) return { page: 'lesson', id: parts[1] };
  if (parts[0] === 'sandbox') return parts[1] ? { page: 'sandbox', view: parts[1] } : { page: 'sandbox' };
  return { page: 'welcome' };
}

export function routeHref(route: Route): string {
  switch (route.page) {
    case 'welcome':
      return '#/';
    case 'lesson':
      return `#/lessons/${encodeURIComponent(route.id)}`;
    case 'sandbox':
      return route.view ? `#/sandbox/${encodeURIComponent(route.view)}` : '#/sandbox';
  }
}

export function lessonHref(id: string): string {
  return routeHref({ page: 'lesson', id });
}
