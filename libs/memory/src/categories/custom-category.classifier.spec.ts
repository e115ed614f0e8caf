import { describe, expect, it } from '@jest/globals';
import { classifyCustomCategories, classifyCustomCategory } from './custom-category.classifier.js';

const CATEGORIES = [
  { name: 'travel', description: 'Trips, flights, hotels and places visited or planned' },
  { name: 'health', description: 'Doctors, medicine, sleep and illness' },
  { name: 'side-project', description: 'The mobile app the user builds on weekends' },
];

describe('the offline classifier of custom categories', () => {
  it.each([
    ['User booked a hotel in Kyoto.', 'travel'],
    ['User has a trip to Lisbon in June.', 'travel'],
    ['User sees a doctor about back pain.', 'health'],
    ['User works on the side project every Saturday.', 'side-project'],
  ])('assigns a category sharing a word: %s', (text, expected) => {
    expect(classifyCustomCategory(text, CATEGORIES)).toBe(expected);
  });

  it('assigns a category whose word is near in meaning (WordNet), not spelled the same', () => {
    // "dentist" and "doctors" are both medical practitioners; "journey" is a kind of travel.
    expect(classifyCustomCategory('User goes to the dentist every spring.', CATEGORIES)).toBe('health');
    expect(classifyCustomCategory('User dreams of a long journey by train.', CATEGORIES)).toBe('travel');
  });

  it('assigns none when nothing fits, and never for the words every fact has', () => {
    expect(classifyCustomCategory('User likes green tea.', CATEGORIES)).toBeNull();
    expect(classifyCustomCategory('User is called Ana.', CATEGORIES)).toBeNull();
    expect(classifyCustomCategory('User booked a hotel.', [])).toBeNull();
  });

  it('prefers the category sharing more words, and breaks ties by name whatever the order given', () => {
    expect(classifyCustomCategory('User slept badly in the hotel after the flight.', CATEGORIES)).toBe(
      'travel',
    );
    const tied = [
      { name: 'zeta', description: 'coffee' },
      { name: 'alpha', description: 'coffee' },
    ];
    expect(classifyCustomCategory('User drinks coffee.', tied)).toBe('alpha');
    expect(classifyCustomCategory('User drinks coffee.', [...tied].reverse())).toBe('alpha');
  });

  it('answers one category or null per text, in order', () => {
    expect(
      classifyCustomCategories(
        ['User booked a hotel.', 'User likes tea.', 'User is left-handed.'],
        CATEGORIES,
      ),
    ).toEqual(['travel', null, null]);
  });
});
