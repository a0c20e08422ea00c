import { withinOneEdit } from '../../src/domain/search/edits';

describe('one typing slip', () => {
  test.each([
    ['brithday', 'birthday', true],
    ['dentsit', 'dentist', true],
    ['marahton', 'marathon', true],
    ['birthdy', 'birthday', true],
    ['birthdaay', 'birthday', true],
    ['birthdax', 'birthday', true],
    ['abc', 'abc', true],
    ['zürich', 'zurich', true],
    ['😀ab', '😀b', true],
    ['manger', 'manag', false],
    ['brithdya', 'birthday', false],
    ['abcd', 'ab', false],
    ['abcd', 'dcba', false],
    ['restaraunt', 'restaur', false],
    ['marthonian', 'marathon', false],
  ])('%s and %s are at most one slip apart: %s', (a, b, near) => {
    expect(withinOneEdit(a, b)).toBe(near);
    expect(withinOneEdit(b, a)).toBe(near);
  });
});
