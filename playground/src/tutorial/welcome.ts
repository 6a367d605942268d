/** The welcome page: what the tutorial is, a button that starts lesson 1, and the list of lessons. */
import { css, html, LitElement, nothing } from 'lit';
import { shared } from '../styles.ts';
import type { Lesson } from './lesson.ts';
import { lessonHref, routeHref } from './router.ts';

export class Welcome extends LitElement {
  static override properties = { lessons: { attribute: false }, done: { attribute: false } };
  declare lessons: readonly Lesson[];
  declare done: ReadonlySet<string>;

  static override styles = [
    shared,
    css`
      :host {
        max-width: 860px;
        margin: 0 auto;
      }
      h2 {
        font-size: 22px;
      }
      ol {
        padding-left: 0;
        list-style: none;
        counter-reset: lesson;
      }
      li {
        counter-increment: lesson;
        padding: 6px 0;
        border-bottom: 1px solid #eef0f4;
      }
      li::before {
        content: counter(lesson) '. ';
        color: #6b7485;
      }
      li a {
        font-weight: 600;
        color: #2357c6;
      }
      li .summary {
        display: block;
        color: #4a5366;
        margin-left: 1.6em;
      }
      a.start {
        display: inline-block;
        background: #2357c6;
        color: #fff;
        padding: 8px 16px;
        border-radius: 6px;
        text-decoration: none;
        font-weight: 600;
      }
      :focus-visible {
        outline: 2px solid #2357c6;
        outline-offset: 2px;
      }
    `,
  ];

  constructor() {
    super();
    this.lessons = [];
    this.done = new Set();
  }

  override render() {
    const first = this.lessons.find((l) => !this.done.has(l.id)) ?? this.lessons[0];
    return html`<h2>Learn the API by using it</h2>
      <p>
        A real API server runs inside this tab: the Kubernetes v1.32 API, with <code>k8s.io</code> spelled <code>orch.io</code>. Each lesson
        is one semantic of the API. You act with the playground's own tools, a picture shows what the server does inside, and a check turns
        green when you have done it. Nothing leaves the browser, and it works offline.
      </p>
      <p>
        ${first ? html`<a class="start" data-action="start" href=${lessonHref(first.id)}>${this.done.size ? 'Carry on' : 'Start lesson 1'}: ${first.title}</a>` : nothing}
        <span class="muted">${this.done.size} of ${this.lessons.length} done</span> ·
        <a href=${routeHref({ page: 'sandbox' })}>the tools, free (sandbox)</a>
      </p>
      <ol aria-label="lessons">
        ${this.lessons.map(
          (l) => html`<li data-lesson=${l.id} data-done=${this.done.has(l.id)}>
            <a href=${lessonHref(l.id)}>${l.title}</a> ${this.done.has(l.id) ? html`<span class="badge ok" aria-label="done">✔ done</span>` : nothing}
            <span class="summary">${l.summary}</span>
          </li>`,
        )}
      </ol>`;
  }
}

if (!customElements.get('orch-welcome')) customElements.define('orch-welcome', Welcome);
