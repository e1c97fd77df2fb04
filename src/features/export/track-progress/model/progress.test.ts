import { exportProgressValue } from './progress';

describe('exportProgressValue', () => {
  it('is 0.01 + progress/100 × 0.98 while the export runs', () => {
    expect(exportProgressValue({ progress: 0, completeTimestamp: null })).toBeCloseTo(0.01, 10);
    expect(exportProgressValue({ progress: 50, completeTimestamp: null })).toBeCloseTo(0.5, 10);
    expect(exportProgressValue({ progress: 25, completeTimestamp: null })).toBeCloseTo(0.255, 10);
    expect(exportProgressValue({ progress: 100, completeTimestamp: null })).toBeCloseTo(0.99, 10);
  });

  it('is 1 once completeTimestamp is set, whatever the progress says', () => {
    expect(exportProgressValue({ progress: 40, completeTimestamp: '2026-01-05T08:00:00Z' })).toBe(1);
  });

  it('keeps a bad percentage inside the bar', () => {
    expect(exportProgressValue({ progress: 140, completeTimestamp: null })).toBeCloseTo(0.99, 10);
    expect(exportProgressValue({ progress: -5, completeTimestamp: null })).toBeCloseTo(0.01, 10);
  });
});
