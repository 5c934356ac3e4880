import { AiCallError } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { createCircuitBreaker, createCircuitBreakerRegistry } from './circuit-breaker.js';

const setup = () => {
  let now = 0;
  const breaker = createCircuitBreaker({ failureThreshold: 3, coolDownMs: 10_000, now: () => now });
  return { breaker, advance: (ms: number) => void (now += ms) };
};

const refusal = (admit: () => unknown): AiCallError => {
  try {
    admit();
  } catch (error) {
    if (error instanceof AiCallError) return error;
    throw error;
  }
  throw new Error('expected circuit_open');
};

describe('the circuit breaker', () => {
  it('opens after the threshold of consecutive failures, and refuses with circuit_open', () => {
    const { breaker } = setup();
    breaker.admit().failed();
    breaker.admit().failed();
    expect(breaker.state()).toBe('closed');
    breaker.admit().failed();
    expect(breaker.state()).toBe('open');
    const error = refusal(() => breaker.admit());
    expect(error).toMatchObject({ code: 'circuit_open', details: { retryAfterSeconds: 10 } });
  });

  it('counts only consecutive failures: a success in between starts again', () => {
    const { breaker } = setup();
    breaker.admit().failed();
    breaker.admit().failed();
    breaker.admit().succeeded();
    breaker.admit().failed();
    breaker.admit().failed();
    expect(breaker.state()).toBe('closed');
  });

  it('lets one trial through after the cool-down; its success closes the circuit', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 3; i++) breaker.admit().failed();
    advance(9_999);
    expect(refusal(() => breaker.admit()).details.retryAfterSeconds).toBe(1);
    advance(1);
    expect(breaker.state()).toBe('half_open');
    const trial = breaker.admit();
    expect(refusal(() => breaker.admit()).code).toBe('circuit_open');
    trial.succeeded();
    expect(breaker.state()).toBe('closed');
    breaker.admit().succeeded();
  });

  it('reopens for another cool-down when the trial fails', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 3; i++) breaker.admit().failed();
    advance(10_000);
    breaker.admit().failed();
    expect(breaker.state()).toBe('open');
    advance(5_000);
    expect(refusal(() => breaker.admit()).details.retryAfterSeconds).toBe(5);
  });

  it('frees the trial slot when the trial is released (cancelled)', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 3; i++) breaker.admit().failed();
    advance(10_000);
    breaker.admit().released();
    expect(breaker.state()).toBe('half_open');
    breaker.admit().succeeded();
    expect(breaker.state()).toBe('closed');
  });

  it('admits a forced call while open, and its success closes the circuit', () => {
    const { breaker } = setup();
    for (let i = 0; i < 3; i++) breaker.admit().failed();
    const forced = breaker.force();
    forced.succeeded();
    forced.failed();
    expect(breaker.state()).toBe('closed');
  });

  it('keeps one breaker per provider', () => {
    const registry = createCircuitBreakerRegistry({ failureThreshold: 1 });
    registry.forProvider('a').admit().failed();
    expect(registry.forProvider('a').state()).toBe('open');
    expect(registry.forProvider('b').state()).toBe('closed');
    registry.forget('a');
    expect(registry.forProvider('a').state()).toBe('closed');
  });
});
