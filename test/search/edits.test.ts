import { withinOneEdit } from '../../src/domain/search/edits';

describe('one typing slip', () => {
  test.each([
    ['brithday', 'birthday'],
    ['dentsit', 'dentist'],
    ['marahton', 'marathon'],
    ['birthdy', 'birthday'],
    ['birthdaay', 'birthday'],
    ['birthdax', 'birthday'],
    ['abc', 'abc'],
    ['zürich', 'zurich'],
    ['😀ab', '😀b'],
  ])('%s and %s are at most one slip apart', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(true);
    expect(withinOneEdit(b, a)).toBe(true);
  });

  test.each([
    ['manger', 'manag'],
    ['brithdya', 'birthday'],
    ['abcd', 'ab'],
    ['abcd', 'dcba'],
    ['restaraunt', 'restaur'],
    ['marthonian', 'marathon'],
  ])('%s and %s are more than one slip apart', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(false);
    expect(withinOneEdit(b, a)).toBe(false);
  });
});
