import { describe, expect, it } from '@jest/globals';
import { commandArgs, flowSource } from './commands';

describe('flowSource', () => {
  it('names a flow step as the server accepts it', () => {
    expect(flowSource('save-project', 2)).toBe('flow:save-project/step-2');
  });

  it.each([
    ['Save-Project', 1],
    ['save project', 1],
    ['save/project', 1],
    ['save-project', 0],
    ['save-project', 1.5],
  ])('refuses %p step %p', (flow, step) => {
    expect(() => flowSource(flow, step)).toThrow(RangeError);
  });
});

describe('commandArgs', () => {
  it('posts the data with its Idempotency-Key and, when given, its source', () => {
    const args = commandArgs('SaveGroup', {
      data: { id: 7, title: 'Apollo' },
      idempotencyKey: 'k-1',
      source: 'flow:save-project/step-1',
    });
    expect(args).toEqual({
      url: '/commands/SaveGroup',
      method: 'POST',
      body: { id: 7, title: 'Apollo' },
      headers: { 'Idempotency-Key': 'k-1', 'X-Fahrplan-Source': 'flow:save-project/step-1' },
    });
  });

  it('sends no source header for a command outside a flow', () => {
    const args = commandArgs('DeleteItem', { data: { id: 3, version: 1 }, idempotencyKey: 'k-2' });
    expect(args.headers).toEqual({ 'Idempotency-Key': 'k-2' });
  });
});
