import { describe, expect, it } from '@jest/globals';
import { fittingLabels, labelWidth } from './slipLabels';

const bar = (slot: number, left: number, right: number) => ({ slot, left, right });

describe('fittingLabels', () => {
  it('shows a label with room beside its bar', () => {
    expect(
      fittingLabels([{ id: 1, slot: 0, left: 104, width: 50 }], [bar(0, 0, 100), bar(0, 300, 400)]),
    ).toEqual(new Set([1]));
  });

  it('hides a label that would run into the next bar of its slot, not one of another slot', () => {
    const bars = [bar(0, 0, 100), bar(0, 120, 200), bar(1, 0, 300)];
    expect(fittingLabels([{ id: 1, slot: 0, left: 104, width: 50 }], bars)).toEqual(new Set());
    expect(fittingLabels([{ id: 1, slot: 1, left: 304, width: 50 }], bars)).toEqual(new Set([1]));
  });

  it('of two labels that would overlap, shows the first from the left only', () => {
    const labels = [
      { id: 2, slot: 0, left: 130, width: 50 },
      { id: 1, slot: 0, left: 104, width: 50 },
      { id: 3, slot: 0, left: 190, width: 50 },
    ];
    // 1 takes 104–154; 2 (130–180) overlaps it; 3 (190–240) has room after 1
    expect(fittingLabels(labels, [])).toEqual(new Set([1, 3]));
  });
});

describe('labelWidth', () => {
  it('grows with the text, generously', () => {
    expect(labelWidth('+63 WD')).toBeGreaterThanOrEqual(6 * 6 + 8);
    expect(labelWidth('+163 WD')).toBeGreaterThan(labelWidth('+63 WD'));
  });
});
