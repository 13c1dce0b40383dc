import { describe, expect, it } from 'vitest';
import { OVERALL_BANNER, overallStatus } from 'content-schema/status';
import { DEMO_SERVICES, driftFrom, initialServices, refreshServices } from './status-demo.ts';

describe('status demo data (spec §9)', () => {
  it('starts from the spec figures and is operational', () => {
    const services = initialServices(new Date('2026-11-22T00:00:00Z'));
    expect(services.map((s) => [s.name, s.responseTime, s.uptime])).toEqual([
      ['Website', 245, 99.98],
      ['API Services', 120, 99.95],
      ['Database', 45, 99.99],
      ['Content Delivery', 89, 99.97],
      ['Authentication', 156, 99.96],
    ]);
    expect(OVERALL_BANNER[overallStatus(services)]).toBe('All Systems Operational');
  });

  it.each([
    [0, -10],
    [0.5, 0],
    [0.999999, 9],
  ])('drift for random %d is %d ms', (random, drift) => {
    expect(driftFrom(random)).toBe(drift);
  });

  it('drifts each response time within -10..+9 ms and stamps the refresh time', () => {
    const now = new Date('2026-11-22T00:00:30Z');
    let i = 0;
    const randoms = [0, 0.999999, 0.5, 0.25, 0.75];
    const next = refreshServices(initialServices(new Date(0)), now, () => randoms[i++]!);
    expect(next.map((s) => s.responseTime)).toEqual([235, 129, 45, 84, 161]);
    expect(next.every((s) => s.lastUpdated === now.toISOString())).toBe(true);
    expect(DEMO_SERVICES).toHaveLength(5);
  });

  it('never drifts below 1 ms', () => {
    const [slow] = refreshServices(
      [{ name: 'X', status: 'operational', responseTime: 3, uptime: 1, lastUpdated: '' }],
      new Date(),
      () => 0,
    );
    expect(slow?.responseTime).toBe(1);
  });
});
