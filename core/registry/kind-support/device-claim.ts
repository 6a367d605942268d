/**
 * Defaults and validation of a ResourceClaimSpec (the device requests of a claim), shared by
 * ResourceClaim and ResourceClaimTemplate, and of a claim's allocation status; rules and
 * messages of v1.32's resource validation. CEL selectors are checked for presence only: this
 * server does not compile CEL.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from '../../meta/names.ts';
import type { JsonValue } from '../../util/json.ts';
import type { NodeSelector } from '../types/core-v1.ts';
import type {
  AllocationResult,
  Condition,
  DeviceClaim,
  DeviceConfiguration,
  DeviceRequest,
  DeviceRequestAllocationResult,
  ResourceClaimStatus,
} from '../types/resource-v1beta1.ts';
import { semanticEqual } from './field-checks.ts';

const REQUESTS_MAX = 32;
const CONSTRAINTS_MAX = 32;
const CONFIG_MAX = 32;
const SELECTORS_MAX = 32;
const RESERVED_FOR_MAX = 256;
const CEL_MAX_LENGTH = 10 * 1024;
const PARAMETERS_MAX_LENGTH = 10 * 1024;
const DRIVER_NAME_MAX = 63;
const C_IDENTIFIER_MAX = 32;
const POOL_NAME_MAX = 253;
const DEVICE_STATUS_MAX_CONDITIONS = 8;
const C_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const C_IDENTIFIER_MSG =
  "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')";

/** Allocation mode defaults to ExactCount, whose count defaults to one device. */
export function defaultDeviceClaim(devices: DeviceClaim | undefined): void {
  for (const req of devices?.requests ?? []) {
    if (req.allocationMode === 'ExactCount' && !req.count) req.count = 1;
  }
}

/** Drops `adminAccess` while the DRAAdminAccess gate is off (unless the stored object uses it). */
export function dropAdminAccess(devices: DeviceClaim | undefined, oldDevices: DeviceClaim | undefined): void {
  const inUse = (oldDevices?.requests ?? []).some((r) => r.adminAccess != null);
  if (inUse) return;
  for (const r of devices?.requests ?? []) delete r.adminAccess;
}

function tooMany(list: readonly unknown[], max: number, path: string): FieldError[] {
  return list.length > max ? [fieldErrors.tooMany(path, list.length, max)] : [];
}

function dnsLabel(value: string, path: string): FieldError[] {
  return isDNS1123Label(value).map((m) => fieldErrors.invalid(path, value, m));
}

function dnsSubdomain(value: string, path: string): FieldError[] {
  return isDNS1123Subdomain(value).map((m) => fieldErrors.invalid(path, value, m));
}

/** A driver name is validated like a CSI driver name. */
function driverName(name: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!name) errs.push(fieldErrors.required(path));
  if (name.length > DRIVER_NAME_MAX) errs.push(fieldErrors.tooLong(path, DRIVER_NAME_MAX));
  errs.push(...isDNS1123Subdomain(name.toLowerCase()).map((m) => fieldErrors.invalid(path, name, m)));
  return errs;
}

function poolName(name: string, path: string): FieldError[] {
  if (!name) return [fieldErrors.required(path)];
  const errs: FieldError[] = [];
  if (name.length > POOL_NAME_MAX) errs.push(fieldErrors.tooLong(path, POOL_NAME_MAX));
  for (const part of name.split('/')) errs.push(...dnsSubdomain(part, path));
  return errs;
}

function cIdentifier(id: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (id.length > C_IDENTIFIER_MAX) errs.push(fieldErrors.tooLong(path, C_IDENTIFIER_MAX));
  if (!C_IDENTIFIER.test(id)) errs.push(fieldErrors.typeInvalid(path, id, C_IDENTIFIER_MSG));
  return errs;
}

/** An attribute name with its domain: `<DNS subdomain>/<C identifier>`. */
function fullyQualifiedName(name: string, path: string): FieldError[] {
  if (!name) return [fieldErrors.required(path, 'name required')];
  const parts = name.split('/');
  if (parts.length === 1) return [...cIdentifier(name, path), fieldErrors.required(path, 'must include a domain')];
  if (parts.length !== 2) return [fieldErrors.invalid(path, name, 'must be a C identifier with an optional DNS subdomain prefix')];
  const errs: FieldError[] = [];
  if (!parts[0]) errs.push(fieldErrors.required(path, 'the domain must not be empty'));
  else errs.push(...driverName(parts[0], path));
  if (!parts[1]) errs.push(fieldErrors.required(path, 'the name must not be empty'));
  else errs.push(...cIdentifier(parts[1], path));
  return errs;
}

function requestRefs(names: string[], known: ReadonlySet<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  names.forEach((n, i) => {
    if (!known.has(n)) errs.push(fieldErrors.invalid(`${path}[${i}]`, n, 'must be the name of a request in the claim'));
    if (seen.has(n)) errs.push(fieldErrors.duplicate(`${path}[${i}]`, n));
    seen.add(n);
  });
  errs.push(...tooMany(names, REQUESTS_MAX, path));
  return errs;
}

/** Opaque driver parameters (a raw field, any JSON the client sent): a JSON object of at most 10 KiB. */
function rawParameters(value: JsonValue | undefined, path: string, stored: boolean): FieldError[] {
  if (value === undefined || value === null) return [fieldErrors.required(path)];
  if (!stored && JSON.stringify(value).length > PARAMETERS_MAX_LENGTH) return [fieldErrors.tooLong(path, PARAMETERS_MAX_LENGTH)];
  if (typeof value !== 'object' || Array.isArray(value))
    return [fieldErrors.invalid(path, '<value omitted>', 'parameters must be a valid JSON object')];
  return [];
}

function deviceConfiguration(config: DeviceConfiguration, path: string, stored: boolean): FieldError[] {
  const opaque = config.opaque;
  if (!opaque) return [fieldErrors.required(`${path}.opaque`)];
  return [
    ...driverName(opaque.driver ?? '', `${path}.opaque.driver`),
    ...rawParameters(opaque.parameters, `${path}.opaque.parameters`, stored),
  ];
}

function deviceRequest(req: DeviceRequest, path: string): FieldError[] {
  const errs = dnsLabel(req.name ?? '', `${path}.name`);
  const className = req.deviceClassName ?? '';
  if (!className) errs.push(fieldErrors.required(`${path}.deviceClassName`));
  else errs.push(...dnsSubdomain(className, `${path}.deviceClassName`));
  const selectors = req.selectors ?? [];
  selectors.forEach((s, i) => {
    const cel = s.cel;
    const spath = `${path}.selectors[${i}]`;
    const expression = cel?.expression ?? '';
    if (!cel) errs.push(fieldErrors.required(`${spath}.cel`));
    else if (!expression) errs.push(fieldErrors.required(`${spath}.cel.expression`));
    else if (expression.length > CEL_MAX_LENGTH) errs.push(fieldErrors.tooLong(`${spath}.cel.expression`, CEL_MAX_LENGTH));
  });
  errs.push(...tooMany(selectors, SELECTORS_MAX, `${path}.selectors`));
  const count = req.count ?? 0;
  if (req.allocationMode === 'All' && count !== 0) {
    errs.push(fieldErrors.invalid(`${path}.count`, count, "must not be specified when allocationMode is 'All'"));
  } else if (req.allocationMode === 'ExactCount' && count <= 0) {
    errs.push(fieldErrors.invalid(`${path}.count`, count, 'must be greater than zero'));
  }
  return errs;
}

/** Validates `devices` of a ResourceClaimSpec at `path` (`spec.devices`, `spec.spec.devices`). */
export function validateDeviceClaim(devices: DeviceClaim | undefined, path: string, stored = false): FieldError[] {
  const errs: FieldError[] = [];
  const requests = devices?.requests ?? [];
  const names = new Set<string>();
  requests.forEach((req, i) => {
    errs.push(...deviceRequest(req, `${path}.requests[${i}]`));
    const name = req.name ?? '';
    if (names.has(name)) errs.push(fieldErrors.duplicate(`${path}.requests[${i}].name`, name));
    names.add(name);
  });
  errs.push(...tooMany(requests, REQUESTS_MAX, `${path}.requests`));
  const constraints = devices?.constraints ?? [];
  constraints.forEach((constraint, i) => {
    const cpath = `${path}.constraints[${i}]`;
    errs.push(...requestRefs(constraint.requests ?? [], names, `${cpath}.requests`));
    if (constraint.matchAttribute == null) errs.push(fieldErrors.required(`${cpath}.matchAttribute`));
    else errs.push(...fullyQualifiedName(constraint.matchAttribute, `${cpath}.matchAttribute`));
  });
  errs.push(...tooMany(constraints, CONSTRAINTS_MAX, `${path}.constraints`));
  const configs = devices?.config ?? [];
  configs.forEach((config, i) => {
    errs.push(...requestRefs(config.requests ?? [], names, `${path}.config[${i}].requests`));
    errs.push(...deviceConfiguration(config, `${path}.config[${i}]`, stored));
  });
  errs.push(...tooMany(configs, CONFIG_MAX, `${path}.config`));
  return errs;
}

export function requestNamesOf(devices: DeviceClaim | undefined): Set<string> {
  return new Set((devices?.requests ?? []).map((r) => r.name ?? ''));
}

const NODE_SELECTOR_OPERATORS = ['DoesNotExist', 'Exists', 'Gt', 'In', 'Lt', 'NotIn'];

function nodeSelector(selector: NodeSelector, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const terms = selector.nodeSelectorTerms ?? [];
  if (!terms.length) errs.push(fieldErrors.required(`${path}.nodeSelectorTerms`, 'must have at least one node selector term'));
  terms.forEach((t, i) => {
    for (const [member, isField] of [
      ['matchExpressions', false],
      ['matchFields', true],
    ] as const) {
      (t[member] ?? []).forEach((req, j) => {
        const rpath = `${path}.nodeSelectorTerms[${i}].${member}[${j}]`;
        const key = req.key ?? '';
        if (!isField) errs.push(...isQualifiedName(key).map((m) => fieldErrors.invalid(`${rpath}.key`, key, m)));
        const values = req.values ?? [];
        const op = req.operator ?? '';
        if (!NODE_SELECTOR_OPERATORS.includes(op)) errs.push(fieldErrors.notSupported(`${rpath}.operator`, op, NODE_SELECTOR_OPERATORS));
        else if ((op === 'In' || op === 'NotIn') && !values.length) {
          errs.push(fieldErrors.required(`${rpath}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
        } else if ((op === 'Exists' || op === 'DoesNotExist') && values.length) {
          errs.push(fieldErrors.forbidden(`${rpath}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        } else if ((op === 'Gt' || op === 'Lt') && values.length !== 1) {
          errs.push(fieldErrors.required(`${rpath}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
        }
        values.forEach((v, k) => errs.push(...isValidLabelValue(v).map((m) => fieldErrors.invalid(`${rpath}.values[${k}]`, v, m))));
      });
    }
  });
  return errs;
}

function allocationResult(allocation: AllocationResult, path: string, names: ReadonlySet<string>): FieldError[] {
  const errs: FieldError[] = [];
  const devices = allocation.devices ?? {};
  const results = devices.results ?? [];
  results.forEach((res, i) => {
    const rpath = `${path}.devices.results[${i}]`;
    const request = res.request ?? '';
    if (!names.has(request)) errs.push(fieldErrors.invalid(`${rpath}.request`, request, 'must be the name of a request in the claim'));
    errs.push(...driverName(res.driver ?? '', `${rpath}.driver`));
    errs.push(...poolName(res.pool ?? '', `${rpath}.pool`));
    errs.push(...dnsLabel(res.device ?? '', `${rpath}.device`));
  });
  errs.push(...tooMany(results, REQUESTS_MAX, `${path}.devices.results`));
  const configs = devices.config ?? [];
  configs.forEach((config, i) => {
    const cpath = `${path}.devices.config[${i}]`;
    if (!config.source) errs.push(fieldErrors.required(`${cpath}.source`));
    errs.push(...requestRefs(config.requests ?? [], names, `${cpath}.requests`));
    errs.push(...deviceConfiguration(config, cpath, false));
  });
  errs.push(...tooMany(configs, 2 * CONFIG_MAX, `${path}.devices.config`));
  const selector = allocation.nodeSelector;
  if (selector) errs.push(...nodeSelector(selector, `${path}.nodeSelector`));
  return errs;
}

const CONDITION_STATUSES = ['False', 'True', 'Unknown'];
const CONDITION_REASON = /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/;
const CONDITION_REASON_MSG =
  "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'";

/** metav1.Condition lists, as apimachinery's ValidateConditions checks them. */
function validateMetaConditions(conditions: readonly Condition[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const types = new Set<string>();
  conditions.forEach((cond, i) => {
    const cpath = `${path}[${i}]`;
    // The schema's required check runs beside this one: a missing member is '' here (or null for the time).
    const type = cond.type;
    if (types.has(type)) errs.push(fieldErrors.duplicate(`${cpath}.type`, type));
    types.add(type);
    errs.push(...isQualifiedName(type).map((m) => fieldErrors.invalid(`${cpath}.type`, type, m)));
    // The schema's enum check runs beside this one too, so any string may be here, not only the union's.
    const status: string = cond.status;
    if (!CONDITION_STATUSES.includes(status)) errs.push(fieldErrors.notSupported(`${cpath}.status`, status, CONDITION_STATUSES));
    const generation = cond.observedGeneration ?? 0;
    if (generation < 0) errs.push(fieldErrors.invalid(`${cpath}.observedGeneration`, generation, 'must be greater than or equal to zero'));
    // Typed `string`, but an unset time decodes to null (Go writes a zero metav1.Time as null).
    if (cond.lastTransitionTime == null) errs.push(fieldErrors.required(`${cpath}.lastTransitionTime`, 'must be set'));
    const reason = cond.reason;
    if (!reason) {
      errs.push(fieldErrors.required(`${cpath}.reason`, 'must be set'));
    } else {
      if (!CONDITION_REASON.test(reason)) errs.push(fieldErrors.invalid(`${cpath}.reason`, reason, CONDITION_REASON_MSG));
      if (reason.length > 1024) errs.push(fieldErrors.tooLong(`${cpath}.reason`, 1024));
    }
    if ((cond.message ?? '').length > 32768) errs.push(fieldErrors.tooLong(`${cpath}.message`, 32768));
  });
  return errs;
}

/** An allocated device, as allocation results and device status entries both name it. */
type DeviceName = Pick<DeviceRequestAllocationResult, 'driver' | 'pool' | 'device'>;

function deviceKey(d: DeviceName): string {
  return JSON.stringify([d.driver ?? '', d.pool ?? '', d.device ?? '']);
}

/**
 * A status write: consumers need an allocation, an allocation cannot be changed once set (only
 * removed), and device status entries must name allocated devices.
 */
export function validateClaimStatus(
  status: ResourceClaimStatus,
  old: ResourceClaimStatus,
  deleting: boolean,
  names: ReadonlySet<string>,
): FieldError[] {
  const errs: FieldError[] = [];
  const reservedFor = status.reservedFor ?? [];
  const uids = new Set<string>();
  reservedFor.forEach((ref, i) => {
    const rpath = `status.reservedFor[${i}]`;
    for (const member of ['resource', 'name', 'uid'] as const) if (!ref[member]) errs.push(fieldErrors.required(`${rpath}.${member}`));
    const uid = ref.uid ?? '';
    if (uids.has(uid)) errs.push(fieldErrors.duplicate(`${rpath}.uid`, uid));
    uids.add(uid);
  });
  errs.push(...tooMany(reservedFor, RESERVED_FOR_MAX, 'status.reservedFor'));

  const allocation = status.allocation;
  const allocated = new Set((allocation?.devices?.results ?? []).map(deviceKey));
  const seen = new Set<string>();
  (status.devices ?? []).forEach((dev, i) => {
    const dpath = `status.devices[${i}]`;
    errs.push(...driverName(dev.driver ?? '', `${dpath}.driver`));
    errs.push(...poolName(dev.pool ?? '', `${dpath}.pool`));
    errs.push(...dnsLabel(dev.device ?? '', `${dpath}.device`));
    const key = deviceKey(dev);
    if (seen.has(key))
      errs.push(fieldErrors.duplicate(dpath, { driver: dev.driver ?? '', pool: dev.pool ?? '', device: dev.device ?? '' }));
    seen.add(key);
    if (!allocated.has(key)) {
      errs.push(
        fieldErrors.invalid(
          dpath,
          { driver: dev.driver ?? '', pool: dev.pool ?? '', device: dev.device ?? '' },
          'must be an allocated device in the claim',
        ),
      );
    }
    const conditions = dev.conditions ?? [];
    if (conditions.length > DEVICE_STATUS_MAX_CONDITIONS)
      errs.push(fieldErrors.tooMany(`${dpath}.conditions`, conditions.length, DEVICE_STATUS_MAX_CONDITIONS));
    errs.push(...validateMetaConditions(conditions, `${dpath}.conditions`));
    if (dev.data != null) errs.push(...rawParameters(dev.data, `${dpath}.data`, false));
  });

  if (reservedFor.length) {
    if (!allocation) {
      errs.push(fieldErrors.forbidden('status.reservedFor', 'may not be specified when `allocated` is not set'));
    } else if (deleting) {
      const before = new Set((old.reservedFor ?? []).map((r) => JSON.stringify(r)));
      if (reservedFor.some((r) => !before.has(JSON.stringify(r)))) {
        errs.push(
          fieldErrors.forbidden(
            'status.reservedFor',
            'new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set',
          ),
        );
      }
    }
  }
  const oldAllocation = old.allocation;
  if (oldAllocation && allocation) {
    if (!semanticEqual(allocation, oldAllocation)) errs.push(fieldErrors.invalid('status.allocation', allocation, 'field is immutable'));
  } else if (allocation) {
    errs.push(...allocationResult(allocation, 'status.allocation', names));
  }
  return errs;
}
