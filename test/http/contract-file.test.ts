import YAML from 'yaml';
import { CONTRACT, CONTRACT_TEXT, parseContract } from '../../src/contract-file';

describe('the contract document', () => {
  test('is the YAML contract, read from the JSON copy that codegen writes', () => {
    expect(CONTRACT).toEqual(YAML.parse(CONTRACT_TEXT));
  });

  test('is parsed from the YAML when the copy was made from another text', () => {
    const edited = CONTRACT_TEXT.replace(/^  title: .*$/m, '  title: Edited after the copy was made');
    expect(edited).not.toBe(CONTRACT_TEXT);
    expect((parseContract(edited).info as { title: string }).title).toBe('Edited after the copy was made');
  });
});
