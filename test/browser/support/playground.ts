// One playground tab per describe block: opened before its tests, closed after them.
import { after, before } from './mocha.ts';
import { openPlayground, showView, type Tab } from './pages.ts';

/**
 * Opens the playground before the block's tests (handing the tab to `opened`) and closes it
 * after them. Returns a function that switches the tab to a named view.
 */
export function usePlayground(opened: (tab: Tab) => void): (view: string) => Promise<void> {
  let tab: Tab | undefined;
  before(async () => {
    tab = await openPlayground();
    opened(tab);
  });
  after(async () => {
    await tab?.close();
  });
  return async (view) => {
    if (tab === undefined) throw new Error('the playground tab is not open yet');
    await showView(tab, view);
  };
}
