// Reading a value against a schema (schema.ts): `check` returns it with defaults filled in, or
// throws a one-line error naming the key and what it allows; `jsonSchema` writes the schema as a
// JSON Schema for editors.
import { UsageError } from '../errors.js';
import { CONTROL, describeJson } from '../files.js';
import { RULES_SCHEMA, type Schema } from './schema.js';

/** Where a value lies in a file, for messages: `tableau.build.step`, `deal[3]`. */
const at = (path: string): string => path || 'the file';

/** What a schema allows, in a few words. */
function allowed(s: Schema): string {
  switch (s.type) {
    case 'object':
      return 'an object';
    case 'array':
      return 'a list';
    case 'integer':
      return `a whole number from ${s.min} to ${s.max}`;
    case 'number':
      return `a number from ${s.min} to ${s.max}`;
    case 'string':
      return s.pattern ? `a string such as the schema's pattern ${s.pattern.source}` : 'a string';
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'enum':
      return s.values.map((v) => `'${v}'`).join(', ');
    case 'either':
      return s.options.length ? s.options.map(allowed).join(', or ') : 'any value';
  }
}

/** Whether `v` fits `s` at its top level (an either's options are told apart by this). */
function fits(s: Schema, v: unknown): boolean {
  switch (s.type) {
    case 'object':
      return (
        typeof v === 'object' &&
        v !== null &&
        !Array.isArray(v) &&
        Object.keys(s.props)
          .filter((k) => 'required' in s.props[k]!)
          .every((k) => Object.hasOwn(v, k))
      );
    case 'array':
      return Array.isArray(v);
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    case 'enum':
      return typeof v === 'string';
    case 'either':
      return s.options.length === 0 || s.options.some((o) => fits(o, v));
  }
}

/**
 * Sets an own key, whatever its name: `out['__proto__'] = x` would set the object's prototype,
 * so that the key vanished from the object and its value showed through every missing key.
 */
export function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Checks `v` against `s` and returns it with every default filled in; throws a one-line
 * UsageError naming the key (`where: path: problem (allowed: ...)`) at the first fault.
 */
export function check(s: Schema, v: unknown, where: string, path = ''): unknown {
  const fail = (problem: string): never => {
    throw new UsageError(`${where}: ${at(path)}: ${problem}`);
  };
  switch (s.type) {
    case 'object': {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(`${describeJson(v)} is not an object`);
      const obj = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      // Own keys only, on both sides: a key such as 'toString' or '__proto__' is unknown like any other.
      const known = (key: string): boolean => Object.hasOwn(s.props, key);
      for (const key of Object.keys(obj)) {
        if (!known(key) && !s.open) fail(`unknown key '${key.slice(0, 40)}' (known: ${Object.keys(s.props).join(', ')})`);
      }
      for (const [key, field] of Object.entries(s.props)) {
        const sub = path ? `${path}.${key}` : key;
        if (!Object.hasOwn(obj, key) || obj[key] === undefined) {
          if ('required' in field) fail(`'${key}' is missing (${field.doc})`);
          else {
            // A default object is checked too, so that its own keys get their defaults.
            const value = structuredClone((field as { default: unknown }).default);
            setOwn(out, key, field.type === 'object' && value !== null ? check(field, value, where, sub) : value);
          }
        } else setOwn(out, key, check(field, obj[key], where, sub));
      }
      if (s.open)
        for (const key of Object.keys(obj))
          if (!known(key)) setOwn(out, key, check(s.open, obj[key], where, path ? `${path}.${key}` : key));
      return out;
    }
    case 'array': {
      if (!Array.isArray(v)) return fail(`${describeJson(v)} is not a list`);
      if (s.min !== undefined && v.length < s.min) fail(`at least ${s.min} item(s), not ${v.length}`);
      if (s.max !== undefined && v.length > s.max) fail(`at most ${s.max} items, not ${v.length}`);
      return v.map((item, i) => check(s.items, item, where, `${path}[${i}]`));
    }
    case 'integer':
    case 'number':
      if (s.type === 'integer' ? !Number.isInteger(v) : typeof v !== 'number' || !Number.isFinite(v))
        return fail(`${describeJson(v)} is not ${allowed(s)}`);
      if ((v as number) < s.min || (v as number) > s.max) fail(`${describeJson(v)} is out of range (${allowed(s)})`);
      return v;
    case 'string':
      if (typeof v !== 'string') return fail(`${describeJson(v)} is not a string`);
      if (v.length > s.maxLength) fail(`a string of at most ${s.maxLength} characters, not ${v.length}`);
      if (s.pattern && !s.pattern.test(v)) fail(`${describeJson(v)} does not match ${s.pattern.source} (${s.doc})`);
      if (CONTROL.test(v)) fail('control characters are not allowed');
      return v;
    case 'boolean':
    case 'null':
      if (s.type === 'boolean' ? typeof v !== 'boolean' : v !== null) return fail(`${describeJson(v)} is not ${allowed(s)}`);
      return v;
    case 'enum':
      if (typeof v !== 'string' || !s.values.includes(v)) return fail(`${describeJson(v)} is not one of ${allowed(s)}`);
      return v;
    case 'either': {
      if (s.options.length === 0) return v;
      const option = s.options.find((o) => fits(o, v));
      if (!option) return fail(`${describeJson(v)} is not ${allowed(s)}`);
      return check(option, v, where, path);
    }
  }
}

/** The schema as a JSON Schema (draft 2020-12), for editors and other programs. */
export function jsonSchema(s: Schema = RULES_SCHEMA): Record<string, unknown> {
  const base = { description: s.doc };
  switch (s.type) {
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(s.props).map(([k, f]) => [k, { ...jsonSchema(f), ...('default' in f ? { default: f.default } : {}) }]),
      );
      const required = Object.keys(s.props).filter((k) => 'required' in s.props[k]!);
      return {
        ...base,
        type: 'object',
        properties,
        ...(required.length ? { required } : {}),
        additionalProperties: s.open ? jsonSchema(s.open) : false,
        ...(s === RULES_SCHEMA ? { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'patience-solver rules' } : {}),
      };
    }
    case 'array':
      return {
        ...base,
        type: 'array',
        items: jsonSchema(s.items),
        ...(s.min !== undefined ? { minItems: s.min } : {}),
        ...(s.max !== undefined ? { maxItems: s.max } : {}),
      };
    case 'integer':
    case 'number':
      return { ...base, type: s.type, minimum: s.min, maximum: s.max };
    case 'string':
      return { ...base, type: 'string', maxLength: s.maxLength, ...(s.pattern ? { pattern: s.pattern.source } : {}) };
    case 'boolean':
    case 'null':
      return { ...base, type: s.type };
    case 'enum':
      return { ...base, enum: [...s.values] };
    case 'either':
      return s.options.length ? { ...base, anyOf: s.options.map((o) => jsonSchema(o)) } : base;
  }
}
