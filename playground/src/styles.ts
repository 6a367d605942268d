/** The look every view shares. */
import { css } from 'lit';

/** Small status badges (`.badge.ok`, `.warn`, `.bad`): the views' and the tutorial's pictures'. */
export const badges = css`
  .badge {
    display: inline-block;
    padding: 0 6px;
    border-radius: 8px;
    font-size: 12px;
    background: #e8ebf1;
  }
  .badge.ok {
    background: #d5f0dc;
    color: #17692e;
  }
  .badge.warn {
    background: #fdf0cf;
    color: #7a5200;
  }
  .badge.bad {
    background: #fbdada;
    color: #8c1c1c;
  }
`;

export const shared = css`
  :host {
    display: block;
    font: 14px/1.4 system-ui, sans-serif;
    color: #1d2330;
  }
  [hidden] {
    display: none !important;
  }
  /* Two equal columns: what is sent beside what came back. */
  .grid {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    gap: 10px;
    align-items: start;
  }
  /* On a phone, one column: what was sent above what came back. */
  @media (max-width: 700px) {
    .grid {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  h2 {
    font-size: 16px;
    margin: 0 0 8px;
  }
  h3 {
    font-size: 13px;
    margin: 0 0 6px;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: #5a6477;
  }
  button {
    font: inherit;
    padding: 4px 10px;
    border: 1px solid #9aa5b8;
    background: #fff;
    border-radius: 4px;
    cursor: pointer;
  }
  button.primary {
    background: #2357c6;
    border-color: #2357c6;
    color: #fff;
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  input,
  select,
  textarea {
    font: inherit;
    padding: 3px 6px;
    border: 1px solid #9aa5b8;
    border-radius: 4px;
    background: #fff;
  }
  textarea,
  pre,
  code {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    font-size: 12.5px;
  }
  pre {
    margin: 0;
    padding: 8px;
    background: #f4f6fa;
    border: 1px solid #dde2ea;
    border-radius: 4px;
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
  }
  .panel {
    border: 1px solid #dde2ea;
    border-radius: 6px;
    padding: 10px;
    background: #fff;
  }
  .row {
    display: flex;
    gap: 8px;
    align-items: center;
    flex-wrap: wrap;
  }
  .muted {
    color: #6b7485;
  }
  ul.pick {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  ul.pick li {
    padding: 3px 8px;
    border-radius: 4px;
    cursor: pointer;
  }
  ul.pick li:hover {
    background: #eef2f8;
  }
  ul.pick li[aria-selected='true'] {
    background: #dbe6fb;
    font-weight: 600;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    text-align: left;
    padding: 3px 8px;
    border-bottom: 1px solid #eef0f4;
  }
  th {
    font-weight: 600;
    color: #5a6477;
  }
  ${badges}
`;
