import { describe, expect, it } from 'vitest';
import { dottedPath, pathTokens, pointerOfProblem } from './config-bundle';

describe('dottedPath and pathTokens', () => {
  it('round-trip keys holding dots, quotes or colons, or empty ones, which a plain dotted path would split', () => {
    for (const tokens of [[], ['locale', 'languages', '1'], ['copy', 'en-US', 'home.title'], ['a"b', 'c.d.e'], ['copy', 'en-US', 'a: b'], ['']]) {
      expect(pathTokens(dottedPath(tokens))).toEqual(tokens);
    }
    expect(dottedPath(['copy', 'en-US', 'home.title'])).toBe('copy.en-US."home.title"');
  });
});

describe('pointerOfProblem', () => {
  it('points into the bundle: a layout file by its id, an org config under /org, quoted keys as one token', () => {
    expect(pointerOfProblem('layouts/home.default.json', 'blocks.2.props')).toBe('/layouts/home.default/blocks/2/props');
    expect(pointerOfProblem('org-configs/wanderly.json', 'copy.en-US."home.title"')).toBe('/org/copy/en-US/home.title');
    expect(pointerOfProblem('org-configs/wanderly.json', '(root)')).toBe('/org');
  });
});
