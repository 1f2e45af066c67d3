import { describe, expect, it } from 'vitest';
import { formatThousandths, fromThousandths, parseScoreInput, toThousandths } from './scores';

describe('scores in thousandths', () => {
  it('convert both ways', () => {
    expect(toThousandths(12.3)).toBe(12300);
    expect(toThousandths(-30)).toBe(-30000);
    expect(toThousandths(0.1 + 0.2)).toBe(300);
    expect(fromThousandths(12300)).toBe(12.3);
    expect(fromThousandths(-45500)).toBe(-45.5);
  });

  it('format with at most one decimal by default', () => {
    expect(formatThousandths(12300)).toBe('12.3');
    expect(formatThousandths(30000)).toBe('30');
    expect(formatThousandths(-12345, 2)).toBe('-12.35');
    expect(formatThousandths(-10)).toBe('0');
  });

  it('read typed scores with one decimal', () => {
    expect(parseScoreInput('12.5')).toBe(12500);
    expect(parseScoreInput(' -3 ')).toBe(-3000);
    expect(parseScoreInput('1.25')).toBeNull();
    expect(parseScoreInput('abc')).toBeNull();
    expect(parseScoreInput('')).toBeNull();
  });
});
