/** The tutorial's pages: the welcome page with the lesson list, or one lesson. */
import { html, LitElement, nothing } from 'lit';
import { LESSONS, lessonById } from '../lessons/index.ts';
import type { ResourceType } from '../api/resources.ts';
import { shared } from '../styles.ts';
import './lesson-view.ts';
import { doneLessons } from './progress.ts';
import type { Route } from './router.ts';
import './welcome.ts';

export class Tutorial extends LitElement {
  static override properties = { route: { attribute: false }, types: { attribute: false }, done: { state: true } };
  declare route: Route;
  declare types: readonly ResourceType[];
  declare done: ReadonlySet<string>;
  static override styles = shared;

  constructor() {
    super();
    this.route = { page: 'welcome' };
    this.types = [];
    this.done = new Set();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refresh();
    this.addEventListener('orch-lesson-done', () => void this.refresh());
  }

  private async refresh(): Promise<void> {
    this.done = await doneLessons();
    this.setAttribute('progress-loaded', '');
  }

  override render() {
    const r = this.route;
    if (r.page === 'lesson') {
      const lesson = lessonById(r.id);
      if (!lesson) return html`<p role="alert">There is no lesson "${r.id}". <a href="#/">All lessons</a></p>`;
      const i = LESSONS.indexOf(lesson);
      return html`<orch-lesson
        .lesson=${lesson}
        .types=${this.types}
        .position=${`Lesson ${i + 1} of ${LESSONS.length}`}
        .previous=${LESSONS[i - 1]}
        .next=${LESSONS[i + 1]}
      ></orch-lesson>`;
    }
    if (r.page === 'welcome') return html`<orch-welcome .lessons=${LESSONS} .done=${this.done}></orch-welcome>`;
    return nothing;
  }
}

if (!customElements.get('orch-tutorial')) customElements.define('orch-tutorial', Tutorial);
