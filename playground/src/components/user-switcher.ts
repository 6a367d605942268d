/**
 * The user switcher: which identity the playground's requests act as. Choosing one sends
 * `Impersonate-User`/`Impersonate-Group` with every request, so the server authenticates,
 * authorizes and audits them as that user (`kubectl auth whoami` in the terminal shows it).
 */
import { css, html, LitElement } from 'lit';
import { actAs, actingAs, onIdentityChange, type Identity } from '../api/acting-as.ts';

const CHOICES: readonly { label: string; who: Identity | undefined }[] = [
  { label: 'admin (system:masters)', who: undefined },
  { label: 'alice (group dev)', who: { user: 'alice', groups: ['dev'] } },
  { label: 'default ServiceAccount of default', who: { user: 'system:serviceaccount:default:default', groups: [] } },
];

export class UserSwitcher extends LitElement {
  static override properties = { selected: { state: true } };
  declare selected: number;

  static override styles = css`
    label {
      font-size: 12px;
      display: inline-flex;
      gap: 0.4em;
      align-items: center;
    }
  `;

  constructor() {
    super();
    this.selected = Math.max(
      0,
      CHOICES.findIndex((c) => c.who?.user === actingAs()?.user),
    );
  }

  private stopListening: (() => void) | undefined;

  // Another switcher (the header's, a lesson's) or a lesson's "Show me" may change the identity.
  override connectedCallback(): void {
    super.connectedCallback();
    this.stopListening = onIdentityChange((who) => {
      this.selected = Math.max(
        0,
        CHOICES.findIndex((c) => c.who?.user === who?.user),
      );
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopListening?.();
  }

  private choose(e: Event): void {
    this.selected = Number((e.target as HTMLSelectElement).value);
    actAs(CHOICES[this.selected]?.who);
  }

  override render() {
    return html`<label
      >act as
      <select aria-label="act as" @change=${(e: Event) => this.choose(e)}>
        ${CHOICES.map((c, i) => html`<option value=${i} .selected=${i === this.selected}>${c.label}</option>`)}
      </select></label
    >`;
  }
}

if (!customElements.get('orch-user-switcher')) customElements.define('orch-user-switcher', UserSwitcher);
