/**
 * Shuffle sharding: a flow is dealt a hand of distinct queues from its hash, so one heavy flow
 * fills only the queues of its own hand and another flow is unlikely to share all of them.
 */

/** FNV-1a of the flow's identity, the deck the hand is dealt from. */
export function flowHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The hand of distinct queue indexes dealt to a flow (the real shuffle-sharding dealer's scheme). */
export function dealHand(hash: number, deckSize: number, handSize: number): number[] {
  const hand: number[] = [];
  let h = hash;
  for (let i = 0; i < handSize && i < deckSize; i++) {
    const remaining = deckSize - i;
    let card = h % remaining;
    h = Math.floor(h / remaining);
    // Skip cards already dealt, keeping the hand distinct.
    for (const c of [...hand].sort((a, b) => a - b)) if (card >= c) card++;
    hand.push(card);
  }
  return hand;
}
