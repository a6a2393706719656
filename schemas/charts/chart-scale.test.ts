import { describe, expect, it } from 'vitest';
import { clipLabel, linearScale, niceTicks } from './chart-scale.ts';

describe('chart scales', () => {
  it('maps a domain onto a range', () => {
    const x = linearScale([0, 10], [100, 200]);
    expect(x(0)).toBe(100);
    expect(x(5)).toBe(150);
    expect(x(10)).toBe(200);
  });

  it('picks round ticks that cover the data', () => {
    expect(niceTicks(0.12, 0.87, 5)).toEqual({ domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
    expect(niceTicks(912.4, 1103.9, 5)).toEqual({ domain: [900, 1150], ticks: [900, 950, 1000, 1050, 1100, 1150] });
    const same = niceTicks(3, 3);
    expect(same.domain[0]).toBeLessThan(3);
    expect(same.domain[1]).toBeGreaterThan(3);
  });

  it('clips long axis labels in the middle, keeping both ends that tell configurations apart', () => {
    expect(clipLabel('short')).toBe('short');
    const v1 = clipLabel('claude-code · claude-sonnet-4-5 · skill v1', 30);
    const v2 = clipLabel('claude-code · claude-sonnet-4-5 · skill v2', 30);
    expect(v1.length).toBeLessThanOrEqual(30);
    expect(v1).toMatch(/^claude-code · cl.*….*skill v1$/);
    expect(v1).not.toBe(v2);
  });
});
