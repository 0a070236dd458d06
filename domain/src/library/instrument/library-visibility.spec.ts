import { Domain, Module } from './instrument.types';
import { indexInstrument } from './instrument-tree';
import { setVisible, updateVisibleType, visibilityState } from './library-visibility';
import { seedInstrument } from './seed-instrument';

const domainOf = (instrument: typeof seedInstrument, code: string) => instrument.domains.find((d) => d.code === code) as Domain;
const moduleOf = (instrument: typeof seedInstrument, code: string) => indexInstrument(instrument).byCode.get(code)?.node as Module;

describe('library visibility', () => {
  it('the seed is fully visible', () => {
    for (const d of seedInstrument.domains) expect(visibilityState(d)).toBe('visible');
  });

  it('toggling a domain sets all its modules and questions', () => {
    const off = setVisible(seedInstrument, 'RISK_BEHAVIORS', false);
    const risk = domainOf(off, 'RISK_BEHAVIORS');
    expect(visibilityState(risk)).toBe('hidden');
    const nodes = indexInstrument(off).nodes.filter((n) => n.domain.code === 'RISK_BEHAVIORS');
    expect(nodes.every((n) => !n.node.visible)).toBe(true);
    expect(domainOf(off, 'TRAUMA')).toBe(domainOf(seedInstrument, 'TRAUMA')); // untouched
    const on = setVisible(off, 'RISK_BEHAVIORS', true);
    expect(
      indexInstrument(on)
        .nodes.filter((n) => n.domain.code === 'RISK_BEHAVIORS')
        .every((n) => n.node.visible),
    ).toBe(true);
  });

  it('toggling a module sets its questions and nested modules', () => {
    const off = setVisible(seedInstrument, 'ADJUSTMENT_TO_TRAUMA_MODULE', false);
    expect(visibilityState(moduleOf(off, 'ADJUSTMENT_TO_TRAUMA_MODULE'))).toBe('hidden');
    expect(moduleOf(off, 'SEPARATION_LOSS_MODULE').visible).toBe(false);
    expect(visibilityState(domainOf(off, 'TRAUMA'))).toBe('indeterminate');
  });

  it('a parent is indeterminate when only some children are visible, hidden when none are', () => {
    let lib = setVisible(seedInstrument, 'SU_SEVERITY', false);
    expect(visibilityState(moduleOf(lib, 'SUBSTANCE_USE_MODULE'))).toBe('indeterminate');
    expect(visibilityState(domainOf(lib, 'BEHAVIORAL_EMOTIONAL_NEEDS'))).toBe('indeterminate');
    for (const q of moduleOf(lib, 'SUBSTANCE_USE_MODULE').items) lib = setVisible(lib, q.code, false);
    expect(visibilityState(moduleOf(lib, 'SUBSTANCE_USE_MODULE'))).toBe('hidden');
  });

  it('switching a question on also switches its hidden parents on', () => {
    let lib = setVisible(seedInstrument, 'TRAUMA', false);
    lib = setVisible(lib, 'SL_SEPARATION_DISTRESS', true);
    expect(domainOf(lib, 'TRAUMA').visible).toBe(true);
    expect(moduleOf(lib, 'ADJUSTMENT_TO_TRAUMA_MODULE').visible).toBe(true);
    expect(moduleOf(lib, 'SEPARATION_LOSS_MODULE').visible).toBe(true);
    expect(visibilityState(domainOf(lib, 'TRAUMA'))).toBe('indeterminate');
  });

  it('ignores unknown codes', () => {
    expect(setVisible(seedInstrument, 'NOPE', false).domains).toEqual(seedInstrument.domains);
  });

  it('maps kinds to the updateVisible type codes', () => {
    expect([updateVisibleType('domain'), updateVisibleType('module'), updateVisibleType('question'), updateVisibleType('text')]).toEqual([
      1, 2, 3, 3,
    ]);
  });
});
