import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type Lookup = MetadataStorage['getTargetValidationMetadatas'];

const installed = new WeakSet<MetadataStorage>();

/**
 * class-validator looks up the rules of a class on every validation by scanning the rules of every
 * decorated class (for inherited ones), which was the largest single cost of validating a command's
 * input. The rules only change while classes are being declared, so the lookups are remembered per
 * class and options and forgotten whenever a rule is added. Idempotent; returns the storage.
 */
export function cacheValidationMetadataLookups(storage: MetadataStorage = getMetadataStorage()): MetadataStorage {
  if (installed.has(storage)) return storage;
  installed.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let cache = new Map<unknown, Map<string, ReturnType<Lookup>>>();
  storage.addValidationMetadata = (metadata) => {
    cache = new Map();
    addRule(metadata);
  };
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    const key = `${targetSchema}\u0000${always}\u0000${strictGroups}\u0000${(groups ?? []).join('\u0001')}`;
    let byOptions = cache.get(targetConstructor);
    if (!byOptions) {
      byOptions = new Map();
      cache.set(targetConstructor, byOptions);
    }
    let rules = byOptions.get(key);
    if (!rules) {
      rules = lookup(targetConstructor, targetSchema, always, strictGroups, groups);
      byOptions.set(key, rules);
    }
    // A fresh array each time, as the original returns: callers may filter or sort it.
    return rules.slice();
  };
  return storage;
}
