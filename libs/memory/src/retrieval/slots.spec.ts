import { describe, expect, it } from '@jest/globals';
import { statesSlot } from './slots.js';

describe('statesSlot: whether a memory states a fact of the slots asked', () => {
  it('reaches a fact by its stored slot whatever its words', () => {
    expect(statesSlot(['occupation'], 'Anything at all', 'occupation')).toBe(true);
    expect(statesSlot(['occupation'], 'Anything at all', 'residence')).toBe(false);
    expect(statesSlot(['occupation'], 'Anything at all')).toBe(false);
  });

  it('lets the words speak when the stored slot is another one (a sentence may state two)', () => {
    expect(statesSlot(['family'], 'User lives in Leeds with my partner Hugo.', 'residence')).toBe(true);
  });

  it('reads facts learnt before slots existed by their words', () => {
    expect(statesSlot(['occupation'], 'User works as a pharmacist.')).toBe(true);
    expect(statesSlot(['occupation'], "I'm a critical care nurse at Sunnybrook.")).toBe(true);
    expect(statesSlot(['residence'], 'We rent a two-bedroom flat in Phibsborough.')).toBe(true);
    expect(statesSlot(['family'], 'My daughter Willa is fourteen.')).toBe(true);
    // WordNet anchors: a greyhound is a kind of dog.
    expect(statesSlot(['pet'], 'I adopted a retired racing greyhound called Biscuit.')).toBe(true);
    expect(statesSlot(['vehicle'], 'I bought a used car last spring.')).toBe(true);
  });

  it('does not put a memory in a slot it does not state', () => {
    expect(statesSlot(['occupation'], 'My favourite tea is sencha.')).toBe(false);
    expect(statesSlot(['pet'], 'I drink way too much black coffee.')).toBe(false);
    expect(statesSlot(['occupation'], "I'm a big fan of Johnny Cash.")).toBe(false);
    // WordNet has "love" and "favourite" (a beloved person) as kinds of lover: no family fact for all that.
    expect(statesSlot(['family'], 'I love hiking on weekends.')).toBe(false);
    expect(statesSlot(['family'], 'My favourite tea is sencha.')).toBe(false);
    expect(statesSlot(['family'], 'My fiancé Marco and I live in a duplex.')).toBe(true);
  });
});
