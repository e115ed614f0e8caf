import { describe, expect, it } from '@jest/globals';

import { FACT_SLOTS } from '../rules/fact-slots.js';
import { slotsAsked, topicsAsked, withoutTopicIdioms } from './personal-topics.js';

describe('slotsAsked: the personal-fact slots a question asks about', () => {
  it.each([
    ['What is my job?', 'occupation'],
    ['What do I do for a living?', 'occupation'],
    ['What trade am I in?', 'occupation'],
    ['Where do we live now?', 'residence'],
    ['Do I eat meat?', 'diet'],
    ['What am I allergic to?', 'allergy'],
    ['What kind of animal do I have at home?', 'pet'],
    ['How old is my kid?', 'family'],
    ['What car do I own?', 'vehicle'],
    ['What sport do I play?', 'hobby'],
    ['Where did I go to university?', 'education'],
    ['Do I have any breathing problems?', 'health'],
    ['Where am I going on holiday?', 'plan'],
    ['Which singer do I love?', 'preference'],
  ])('%s -> %s', (question, slot) => {
    expect(slotsAsked(question)).toContain(slot);
    expect(FACT_SLOTS).toContain(slot);
  });

  it('asks about no slot when the question names none', () => {
    expect(slotsAsked('quantum chromodynamics lecture')).toEqual([]);
  });

  it('drops the phrases that only name a topic from the words matched', () => {
    expect(withoutTopicIdioms('What do I do for a living?')).not.toMatch(/living/);
    expect(withoutTopicIdioms('Where is my other half based?')).not.toMatch(/half/);
  });
});

describe('topicsAsked: one vocabulary for search and the offline assistant', () => {
  it.each([
    ['What should I cook tonight?', 'food'],
    ['What do I drink in the morning?', 'drink'],
    ['Which outdoor activities do I enjoy?', 'hobbies'],
    ['Are there foods I should avoid?', 'allergy'],
    ['What bothers me most?', 'dislikes'],
  ])('%s -> %s', (question, topic) => {
    expect(topicsAsked(question).map((t) => t.name)).toContain(topic);
  });

  it("gives each topic's slots to search, each once", () => {
    expect(slotsAsked('What am I allergic to, and what food should I avoid?')).toEqual(['diet', 'allergy']);
    expect(slotsAsked('What do I drink?')).toEqual([]);
  });
});
