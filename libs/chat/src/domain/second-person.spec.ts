import { describe, expect, it } from '@jest/globals';
import { inSecondPerson, inSecondPersonPast } from './second-person.js';

describe('a memory said back to the user', () => {
  it.each([
    ['User works as a pharmacist.', 'You work as a pharmacist.'],
    ['User lives in Toulouse with my partner Hugo.', 'You live in Toulouse with your partner Hugo.'],
    ['User is vegetarian.', "You're vegetarian."],
    ['User has two cats.', 'You have two cats.'],
    ['User still teaches maths at a school in Leeds.', 'You still teach maths at a school in Leeds.'],
    ['User studies law.', 'You study law.'],
    ['User no longer eats meat.', 'You no longer eat meat.'],
    ['User lived in Madrid.', 'You lived in Madrid.'],
    ["User's partner is named Hugo.", 'Your partner is named Hugo.'],
    ["User doesn't drink coffee.", "You don't drink coffee."],
    ['I am vegetarian', "You're vegetarian."],
    ["I'm allergic to peanuts and my son is too", "You're allergic to peanuts and your son is too."],
    ['I was a teacher', 'You were a teacher.'],
    ['I love hiking with my dog', 'You love hiking with your dog.'],
    ['My favourite tea is sencha', 'Your favourite tea is sencha.'],
    ['We live in Bordeaux', 'You live in Bordeaux.'],
    ['Our cat Pepper is nineteen', 'Your cat Pepper is nineteen.'],
    ['Ana calls User every Sunday.', 'Ana calls you every Sunday.'],
    [
      'Most of my work comes from contractors in Stowe.',
      'Most of your work comes from contractors in Stowe.',
    ],
    ['Chidi still eats meat, so I cook two versions', 'Chidi still eats meat, so you cook two versions.'],
    ['Meeting with Bob on Friday', null],
    ['The user interface is slow', null],
  ])('%s', (text, expected) => {
    expect(inSecondPerson(text)).toBe(expected);
  });
});

describe('a fact that no longer holds, said back in the past', () => {
  it.each([
    ['User lives in Paris.', 'You lived in Paris.'],
    ['User is vegetarian.', 'You were vegetarian.'],
    ['User works as a nurse at St Mary’s.', 'You worked as a nurse at St Mary’s.'],
    ['User teaches maths.', 'You taught maths.'],
    ['User has a dog named Rex.', 'You had a dog named Rex.'],
    ['User drives a Honda Civic.', 'You drove a Honda Civic.'],
    ['User plays the piano.', 'You played the piano.'],
    ['User lived in Madrid.', 'You lived in Madrid.'],
    ["User's partner is named Callum.", 'Your partner was named Callum.'],
    ['My sister Ana lives in Porto', 'Your sister Ana lived in Porto.'],
    ['I am vegetarian', 'You were vegetarian.'],
    ['Meeting with Bob on Friday', null],
  ])('%s', (text, expected) => {
    expect(inSecondPersonPast(text)).toBe(expected);
  });
});
