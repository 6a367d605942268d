/** The look the pictures share: small cards and SVG text that stay readable on a phone. */
import { css } from 'lit';
import { badges } from '../../styles.ts';

export const pictureStyles = css`
  :host {
    display: block;
    font: 13px/1.35 system-ui, sans-serif;
    color: #1d2330;
  }
  svg {
    width: 100%;
    height: auto;
    display: block;
  }
  svg text {
    font: 11px ui-monospace, monospace;
    fill: #1d2330;
  }
  .empty {
    color: #6b7485;
    font-style: italic;
  }
  .cards {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .card {
    border: 1px solid #c9d1df;
    border-radius: 6px;
    padding: 6px 8px;
    background: #fff;
    min-width: 150px;
    max-width: 100%;
    transition: opacity 0.4s, border-color 0.4s;
  }
  .card.deleted {
    opacity: 0.45;
    border-style: dashed;
  }
  .card.terminating {
    border-color: #d08a00;
    background: #fffaf0;
  }
  .card .name {
    font-weight: 600;
  }
  .card .meta {
    font: 11.5px ui-monospace, monospace;
    color: #4a5366;
  }
  .card pre {
    margin: 4px 0 0;
    padding: 4px;
    font-size: 11px;
    max-height: 140px;
    overflow: auto;
    background: #f4f6fa;
    border-radius: 4px;
    white-space: pre-wrap;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 12.5px;
  }
  th,
  td {
    border-bottom: 1px solid #eef0f4;
    padding: 3px 6px;
    text-align: left;
  }
  .legend {
    display: flex;
    gap: 12px;
    flex-wrap: wrap;
    font-size: 12px;
    color: #4a5366;
    margin-top: 4px;
  }
  .swatch {
    display: inline-block;
    width: 10px;
    height: 10px;
    border-radius: 2px;
    margin-right: 4px;
    vertical-align: middle;
  }
  /* Verdicts and marks (the RBAC and schema pictures, the flow picture's Dangling). */
  .muted {
    color: #6b7485;
  }
  code {
    font: 11.5px ui-monospace, monospace;
    overflow-wrap: anywhere;
  }
  ${badges}
  .badge {
    overflow-wrap: anywhere;
  }
  ul {
    margin: 4px 0;
    padding-left: 18px;
  }
  li {
    margin: 2px 0;
  }
`;
