'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Field, fieldAria } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { PROXY_TYPE_INFO } from '@/lib/proxy-format';
import {
  PROXY_CONFIG_FIELDS,
  PROXY_LIMITS,
  PROXY_TYPES,
  proxyCreateFormSchema,
  proxyFormDefaults,
  type ProxyConfigField,
  type ProxyFormValues,
  type ProxyType,
} from '@/lib/schemas/proxy';
import { cn } from '@/lib/utils';

export const PROXY_CREATE_FORM_ID = 'proxy-create-form';

const FIELD_TEXT: Record<ProxyConfigField, { label: string; hint: string; placeholder?: string }> = {
  host: { label: 'Host', hint: 'Hostname or IP address of your proxy server, without scheme or port.', placeholder: 'proxy.example.com' },
  port: { label: 'Port', hint: `${PROXY_LIMITS.portMin}–${PROXY_LIMITS.portMax}.`, placeholder: '3128' },
  username: { label: 'Username', hint: 'Optional; needed when the proxy asks for a login.' },
  password: { label: 'Password', hint: `At least ${PROXY_LIMITS.passwordMin} characters. Stored, never shown again.` },
  country: { label: 'Country', hint: 'Two-letter ISO code, e.g. US.', placeholder: 'US' },
  state: { label: 'State', hint: 'Two-letter US state code, e.g. CA (US only).', placeholder: 'CA' },
  city: { label: 'City', hint: 'Lowercase without spaces, e.g. sanfrancisco; needs a country.', placeholder: 'sanfrancisco' },
  zip: { label: 'ZIP code', hint: 'Five digits, US only; not together with city or state.', placeholder: '94107' },
  asn: { label: 'ASN', hint: 'Autonomous system number, e.g. AS7922; not together with city or state.', placeholder: 'AS7922' },
};

/** The first message in a nested error object, with the list index it belongs to (bypass_hosts[i]). */
function firstError(err: unknown, index?: number): { message: string; index?: number } | undefined {
  if (!err || typeof err !== 'object') return undefined;
  if ('message' in err && typeof err.message === 'string' && err.message) return { message: err.message, index };
  for (const [k, v] of Object.entries(err)) {
    if (k === 'ref') continue;
    const found = firstError(v, /^\d+$/.test(k) ? Number(k) : index);
    if (found) return found;
  }
  return undefined;
}

function ConfigField({ type, field, form }: { type: ProxyType; field: ProxyConfigField; form: UseFormReturn<ProxyFormValues> }) {
  const id = `proxy-config-${field}`;
  const text = FIELD_TEXT[field];
  const error = form.formState.errors.config?.[field]?.message;
  const hint = field === 'country' && (type === 'datacenter' || type === 'isp') ? `${text.hint} Defaults to US.` : text.hint;
  const required = type === 'custom' && (field === 'host' || field === 'port');
  return (
    <Field id={id} label={required ? text.label : `${text.label} (optional)`} hint={hint} error={error}>
      <Input
        {...fieldAria(id, error)}
        placeholder={text.placeholder}
        autoComplete={field === 'password' ? 'new-password' : 'off'}
        type={field === 'port' ? 'number' : field === 'password' ? 'password' : 'text'}
        inputMode={field === 'port' ? 'numeric' : undefined}
        aria-required={required || undefined}
        {...form.register(`config.${field}`, field === 'port' ? { valueAsNumber: true } : undefined)}
      />
    </Field>
  );
}

/** Presentational: type first, then exactly that type's fields; validated with the API's own union. */
export function ProxyCreateForm({
  onSubmit,
  localEngine,
}: {
  onSubmit: (values: ProxyFormValues, form: UseFormReturn<ProxyFormValues>) => Promise<void>;
  localEngine: boolean;
}) {
  const form = useForm<ProxyFormValues>({
    // raw: the action receives the form's values and validates them itself with the same schema.
    resolver: zodResolver(proxyCreateFormSchema, undefined, { raw: true }),
    defaultValues: proxyFormDefaults,
    mode: 'onTouched',
    // Switching type drops the fields of the previous one, so they can never reach the request.
    shouldUnregister: true,
  });
  const { register, handleSubmit, formState } = form;
  const type = useWatch({ control: form.control, name: 'type' }) ?? proxyFormDefaults.type;
  const e = formState.errors;
  const bypass = firstError(e.bypass_hosts);
  const configError = e.config?.message ?? e.config?.root?.message;

  return (
    <form id={PROXY_CREATE_FORM_ID} noValidate className="grid gap-4" onSubmit={handleSubmit((v) => onSubmit(v, form))}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Type</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PROXY_TYPES.map((t) => (
            <div
              key={t}
              className={cn('flex items-start gap-2 rounded-md border p-3', type === t && 'border-primary bg-primary/5')}
            >
              <input
                id={`proxy-type-${t}`}
                type="radio"
                value={t}
                className="mt-0.5 size-4 accent-[var(--primary)]"
                aria-describedby={`proxy-type-${t}-description`}
                {...register('type', { shouldUnregister: false })}
              />
              <div className="grid gap-0.5">
                <label htmlFor={`proxy-type-${t}`} className="text-sm font-medium leading-none">
                  {PROXY_TYPE_INFO[t].label}
                </label>
                <p id={`proxy-type-${t}-description`} className="text-xs text-muted-foreground">
                  {PROXY_TYPE_INFO[t].description}
                </p>
              </div>
            </div>
          ))}
        </div>
        {localEngine && type !== 'custom' ? (
          <p className="rounded-md bg-warning/15 px-3 py-2 text-xs">
            {PROXY_TYPE_INFO[type].label} proxies come from Kernel&apos;s managed proxy network, which the local engine does not
            have: you can save one, but its check will say unavailable and browsers cannot use it here.
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {PROXY_CONFIG_FIELDS[type].map((field) => (
          <ConfigField key={`${type}-${field}`} type={type} field={field} form={form} />
        ))}
      </div>
      {configError ? (
        <p role="alert" className="text-sm text-destructive">
          Config: {configError}
        </p>
      ) : null}

      <Field id="proxy-protocol" label="Protocol" hint="How browsers talk to the proxy itself." error={e.protocol?.message}>
        <Select {...fieldAria('proxy-protocol', e.protocol?.message)} {...register('protocol', { shouldUnregister: false })}>
          <option value="https">HTTPS (TLS to the proxy; the default)</option>
          <option value="http">HTTP (plain connection to the proxy)</option>
        </Select>
      </Field>
      <Field id="proxy-name" label="Name (optional)" hint="A readable name; names need not be unique." error={e.name?.message}>
        <Input {...fieldAria('proxy-name', e.name?.message)} placeholder="office-proxy" {...register('name', { shouldUnregister: false })} />
      </Field>
      <Field
        id="proxy-bypass"
        label="Bypass hosts (optional)"
        hint={`Hostnames that connect directly instead, such as intranet.example.com or *.example.com; separate with commas. At most ${PROXY_LIMITS.bypassHostsMax}. localhost and 127.0.0.1 always connect directly.`}
        error={bypass ? (bypass.index === undefined ? bypass.message : `Entry ${bypass.index + 1}: ${bypass.message}`) : undefined}
      >
        <Input
          {...fieldAria('proxy-bypass', bypass?.message)}
          placeholder="intranet.example.com, *.corp.example"
          {...register('bypass_hosts', { shouldUnregister: false })}
        />
      </Field>
    </form>
  );
}
