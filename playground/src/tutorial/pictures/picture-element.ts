/**
 * What every lesson picture is: a Lit element drawn from the lesson's PictureState, in the
 * pictures' shared styles, empty until the lesson hands it a state.
 */
import { LitElement, type PropertyDeclarations } from 'lit';
import { EMPTY_STATE, type PictureState } from '../picture-state.ts';
import { pictureStyles } from './picture-styles.ts';

export class PictureElement extends LitElement {
  // Lit merges a subclass's own `properties` with these.
  static override properties: PropertyDeclarations = { state: { attribute: false } };
  static override styles = pictureStyles;
  declare state: PictureState;

  constructor() {
    super();
    this.state = EMPTY_STATE;
  }
}
