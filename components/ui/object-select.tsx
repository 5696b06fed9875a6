// "All objects" or one of them, for GET filter forms (stays list, statement): the value is the id.
import { CONTROL } from './field';

export function ObjectSelect({
  id,
  label,
  allLabel,
  objects,
  value,
  className = '',
}: {
  id: string;
  label: string;
  allLabel: string;
  objects: readonly { id: number; alias: string }[];
  value?: number;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name="objekt" defaultValue={value ?? ''} className={CONTROL}>
        <option value="">{allLabel}</option>
        {objects.map((o) => (
          <option key={o.id} value={o.id}>
            {o.alias}
          </option>
        ))}
      </select>
    </div>
  );
}
