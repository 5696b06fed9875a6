// The AVS message types as data: one description per complex type, in the schema's element order,
// read leniently from a parsed request (any order, empty optional values as absent, as AVS's own
// service reads them) and written strictly in schema order. The TypeScript types of the messages
// are inferred from the same descriptions, so reading, writing and typing cannot drift apart.
import { isCalendarDate } from '../time';
import type { XNode } from './xml';
import { AVS_NS } from './xml';

export type Scalar = 'string' | 'int' | 'money' | 'date' | 'boolean' | 'base64';
type ScalarValue<S extends Scalar> = S extends 'int' | 'money'
  ? number
  : S extends 'boolean'
    ? boolean
    : string;

export interface LeafSpec<S extends Scalar = Scalar> {
  kind: 'leaf';
  scalar: S;
  maxLength?: number;
}
export interface SeqSpec<F extends Fields = Fields> {
  kind: 'seq';
  fields: F;
  /** The fields as a list, made once: reading every element with Object.entries cost ~12 KB. */
  list: readonly (readonly [string, FieldSpec])[];
  /** Groups of fields of which at most one may be present (the schema's xsd:choice). */
  choices: readonly (readonly string[])[];
}
export type NodeSpec = LeafSpec | SeqSpec;
export interface FieldSpec<
  N extends NodeSpec = NodeSpec,
  R extends boolean = boolean,
  M extends boolean = boolean,
> {
  node: N;
  required: R;
  many: M;
  /** Written with the AVS namespace (the schema's form="qualified"); read either way. */
  qualified: boolean;
}
export type Fields = Record<string, FieldSpec>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type FieldValue<F> =
  F extends FieldSpec<infer N, boolean, true>
    ? ValueOf<N>[]
    : F extends FieldSpec<infer N>
      ? ValueOf<N>
      : never;
type Obj<F extends Fields> = Simplify<
  { [K in keyof F as F[K]['required'] extends true ? K : never]: FieldValue<F[K]> } & {
    [K in keyof F as F[K]['required'] extends true ? never : K]?: FieldValue<F[K]>;
  }
>;
/** The value a description reads to and writes from. */
export type ValueOf<N> =
  N extends LeafSpec<infer S> ? ScalarValue<S> : N extends SeqSpec<infer F> ? Obj<F> : never;

const leaf = <S extends Scalar>(scalar: S, maxLength?: number): LeafSpec<S> =>
  maxLength === undefined ? { kind: 'leaf', scalar } : { kind: 'leaf', scalar, maxLength };
export const str = (maxLength?: number) => leaf('string', maxLength);
export const int = () => leaf('int');
export const money = () => leaf('money');
export const date = () => leaf('date');
export const bool = () => leaf('boolean');
export const base64 = () => leaf('base64');

export const one = <N extends NodeSpec>(node: N, qualified = false): FieldSpec<N, true, false> => ({
  node,
  required: true,
  many: false,
  qualified,
});
export const opt = <N extends NodeSpec>(
  node: N,
  qualified = false,
): FieldSpec<N, false, false> => ({
  node,
  required: false,
  many: false,
  qualified,
});
export const many = <N extends NodeSpec>(node: N): FieldSpec<N, false, true> => ({
  node,
  required: false,
  many: true,
  qualified: false,
});
/** Like `many`, at least one. */
export const some = <N extends NodeSpec>(node: N): FieldSpec<N, true, true> => ({
  node,
  required: true,
  many: true,
  qualified: false,
});
export const seq = <F extends Fields>(
  fields: F,
  choices: (keyof F & string)[][] = [],
): SeqSpec<F> => ({
  kind: 'seq',
  fields,
  list: Object.entries(fields),
  choices,
});

/** A reading problem: the AVS code it is answered with, the element's path and name. */
export interface ReadProblem {
  code: '10002' | '10003' | '10119' | '10120';
  path: string;
  element: string;
}

const DATE_ELEMENTS = new Set(['anreise', 'abreise']);
const INT = /^[+-]?\d{1,10}$/;
const INT_MAX = 2_147_483_647;
const MONEY = /^\+?(\d{1,9})(?:\.(\d{0,2})0*)?$/;
// xsd:date may carry a zone (Java clients send `2026-07-01+02:00`); the day is what counts.
const DATE = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?$/;

function scalarOf(spec: LeafSpec, text: string): string | number | boolean | null {
  switch (spec.scalar) {
    case 'int': {
      // Within xsd:int, the narrowest number type of the interface: every id here fits in it,
      // and an answer that echoes the value stays valid whatever the element's type.
      const n = INT.test(text) ? Number(text) : null;
      return n !== null && Math.abs(n) <= INT_MAX ? n : null;
    }
    case 'money': {
      const m = MONEY.exec(text);
      return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
    }
    case 'date': {
      const day = DATE.exec(text)?.[1];
      return day && isCalendarDate(day) ? day : null;
    }
    case 'boolean':
      return text === 'true' || text === '1'
        ? true
        : text === 'false' || text === '0'
          ? false
          : null;
    case 'base64':
      return /^[A-Za-z0-9+/=\s]*$/.test(text) ? text : null;
    default:
      return text;
  }
}

function leafProblem(
  problems: ReadProblem[],
  code: ReadProblem['code'],
  parent: string,
  node: XNode,
): undefined {
  problems.push({ code, path: `${parent}/${node.name}`, element: node.name });
  return undefined;
}

function readLeaf(
  node: XNode,
  spec: LeafSpec,
  /** The path of the element around it: the leaf's own is made only for a problem. */
  parent: string,
  problems: ReadProblem[],
): string | number | boolean | undefined {
  if (node.children.length) return leafProblem(problems, '10003', parent, node);
  const text = node.text;
  // An empty element of a non-text type stands for "not given" (AVS's clients send them so).
  if (text === '' && spec.scalar !== 'string') return undefined;
  const value = scalarOf(spec, text);
  if (value === null) {
    return leafProblem(problems, DATE_ELEMENTS.has(node.name) ? '10119' : '10002', parent, node);
  }
  if (
    spec.maxLength !== undefined &&
    typeof value === 'string' &&
    // Code points, not UTF-16 units; only a text that could be too long is counted.
    value.length > spec.maxLength &&
    [...value].length > spec.maxLength
  ) {
    return leafProblem(problems, '10120', parent, node);
  }
  return value;
}

/** Whether a child element may stand in this place: no namespace, or AVS's (read either way). */
const localName = (node: XNode) => (node.ns === null || node.ns === AVS_NS ? node.name : null);

function readSeq(node: XNode, spec: SeqSpec, path: string, problems: ReadProblem[]) {
  const out: Record<string, unknown> = {};
  if (node.text.trim() !== '') problems.push({ code: '10003', path, element: node.name });
  for (const child of node.children) {
    const name = localName(child);
    const field =
      name === null || !Object.hasOwn(spec.fields, name) ? undefined : spec.fields[name];
    if (!field || name === null) {
      problems.push({ code: '10003', path: `${path}/${child.name}`, element: child.name });
      continue;
    }
    const value =
      field.node.kind === 'leaf'
        ? readLeaf(child, field.node, path, problems)
        : readSeq(child, field.node, `${path}/${child.name}`, problems);
    if (field.many) {
      const list = (out[name] as unknown[] | undefined) ?? [];
      if (value !== undefined) list.push(value);
      out[name] = list;
    } else if (name in out) {
      problems.push({ code: '10003', path: `${path}/${child.name}`, element: child.name });
    } else if (value !== undefined) out[name] = value;
  }
  for (const [name, field] of spec.list) {
    if (!field.required) continue;
    const present = name in out && !(field.many && (out[name] as unknown[]).length === 0);
    if (!present) {
      problems.push({
        code: DATE_ELEMENTS.has(name) ? '10119' : '10003',
        path: `${path}/${name}`,
        element: name,
      });
    }
  }
  for (const group of spec.choices) {
    let given = 0;
    for (const name of group) if (name in out) given++;
    if (given > 1) problems.push({ code: '10003', path, element: group.join('|') });
  }
  return out;
}

/**
 * A parsed element read by its description; problems are collected, never thrown, so one answer
 * names them all.
 */
export function readNode<N extends SeqSpec>(
  node: XNode,
  spec: N,
  path: string,
  problems: ReadProblem[],
): ValueOf<N> | undefined {
  return readSeq(node, spec, path, problems) as ValueOf<N>;
}

/**
 * Elements for fast-xml-parser's XMLBuilder in its object form: each key an element (a repeated
 * one an array), a leaf its text, written in the key order, which is the description's order (an
 * object keeps the order its string keys were set in). The ordered form cost 2-3x as much to write.
 */
export type BuilderNode = { [tag: string]: BuilderNode | BuilderNode[] | string | string[] };

function scalarText(spec: LeafSpec, value: unknown): string {
  if (spec.scalar === 'money') return ((value as number) / 100).toFixed(2);
  return String(value);
}

/** A value as its element's content, its children in the description's order. */
export function writeChildren(
  spec: NodeSpec,
  value: unknown,
  prefix: string,
): BuilderNode | string {
  if (spec.kind === 'leaf') return scalarText(spec, value);
  const obj = value as Record<string, unknown>;
  const out: BuilderNode = {};
  for (const [name, field] of spec.list) {
    const v = obj[name];
    if (v === undefined) continue;
    const tag = field.qualified ? `${prefix}:${name}` : name;
    out[tag] = field.many
      ? ((v as unknown[]).map((item) => writeChildren(field.node, item, prefix)) as
          BuilderNode[] | string[])
      : writeChildren(field.node, v, prefix);
  }
  return out;
}
