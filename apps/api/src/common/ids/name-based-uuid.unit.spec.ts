import { isUuid } from '@corbeille/kernel';
import { nameBasedUuid } from './name-based-uuid';

describe('nameBasedUuid', () => {
  it('is a valid UUID, stable for a name and different across names', () => {
    const id = nameBasedUuid('create-game:abc');
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('5');
    expect(nameBasedUuid('create-game:abc')).toBe(id);
    expect(nameBasedUuid('create-game:abd')).not.toBe(id);
  });
});
