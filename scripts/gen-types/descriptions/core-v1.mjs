/**
 * What the core/v1 types and their fields mean, in this project's words: the generator puts them
 * into the field schemas, and OpenAPI (`kubectl explain`) publishes them.
 *
 * - `types`: by `<group>/<version>.<Type>` (as in overlay.mjs), the type's `description` and one
 *   description per JSON field. Every type and field the generator emits must be described
 *   (inline members excepted: their fields are described on their own type); list types are
 *   described by listType().
 * - `enums`: by Go string type, the values the type documents, each with what it means, written
 *   to follow "- `"Value"` ...". Every field of such a type publishes them as its OpenAPI `enum`
 *   and as "Possible enum values" lines after its description; the schema validation checks them
 *   only where overlay.mjs gives the field an `enum` (which must be the same values).
 *
 * One to three sentences each; defaults and limits in parentheses.
 */

const READ_ONLY = 'Mount the volume read-only (default false).';
const FS_TYPE = 'The filesystem of the volume, such as ext4, xfs or ntfs (default ext4); it must be one the node supports.';
const DEFAULT_MODE =
  'The permission bits of the created files, as an octal 0000-0777 or a decimal 0-511 (default 0644); an item can set its own. Other bits of the file mode may be set too, e.g. by fsGroup.';
const ITEM_MODE = 'The permission bits of this file, as an octal 0000-0777 or a decimal 0-511 (default: the defaultMode of the volume).';
const CONDITION = {
  status: 'Whether the condition holds.',
  lastProbeTime: 'When the condition was last checked.',
  lastTransitionTime: 'When the condition last changed from one status to another.',
  reason: 'A one-word CamelCase reason for the last transition.',
  message: 'A human readable explanation of the last transition.',
};
const LOCAL_NAME = 'The name of the object, in the same namespace.';

/** The fields an app container and an ephemeral container share. */
const container = {
  name: 'The name of the container, a DNS label unique among the containers of the pod. Cannot be updated.',
  image:
    'The container image to run, as a registry reference such as registry.example.com/app:1.2. The API lets templates leave it out, for tools that fill it in; a pod needs it to start.',
  command:
    "The entrypoint, run without a shell; replaces the image's ENTRYPOINT. $(VAR) expands to the container's environment variable VAR, $$(VAR) escapes it. Cannot be updated.",
  args: "Arguments to the entrypoint; replace the image's CMD. $(VAR) expands as in command. Cannot be updated.",
  workingDir: "The working directory of the container (default: the image's). Cannot be updated.",
  ports:
    'Ports the container exposes. Mostly informational: a port the container listens on at 0.0.0.0 is reachable from the network whether listed or not. Cannot be updated.',
  envFrom:
    'Sources whose keys all become environment variables. A key that is not a valid variable name is skipped; env wins over them, and a later source over an earlier one. Cannot be updated.',
  env: 'Environment variables to set in the container. Cannot be updated.',
  resources: 'The compute resources the container requests and may use at most.',
  resizePolicy: 'Whether changing each resource of the container in place needs a restart of the container.',
  restartPolicy:
    "For init containers only: Always makes it a sidecar that starts before the app containers, in order with the other init containers, and keeps running (and restarting) as long as the pod. Unset: the pod's restartPolicy applies.",
  volumeMounts: "Volumes of the pod mounted into the container's filesystem. Cannot be updated.",
  volumeDevices: 'Block volumes of the pod the container gets as devices.',
  livenessProbe: 'Checks that the container is alive; the container is restarted when it fails. Cannot be updated.',
  readinessProbe:
    'Checks that the container can serve; while it fails, the pod is taken out of the endpoints of its Services. Cannot be updated.',
  startupProbe:
    'Checks that the container has started: the other probes wait until it succeeds, and the container is restarted when it fails, as for the liveness probe. Cannot be updated.',
  lifecycle: 'Actions the kubelet runs right after the container starts and before it is stopped. Cannot be updated.',
  terminationMessagePath:
    'The file whose content becomes the termination message of the container, in its status (default /dev/termination-log; at most 4096 bytes, and 12 KiB for all containers of the pod). Cannot be updated.',
  terminationMessagePolicy: 'Where the termination message comes from (default File). Cannot be updated.',
  imagePullPolicy: 'When the image is pulled (default Always for the :latest tag or no tag, IfNotPresent otherwise). Cannot be updated.',
  securityContext: "Security settings of the container; they override those of the pod's securityContext.",
  stdin: 'Keep a buffer open for stdin in the container runtime; without it, reads from stdin get end-of-file (default false).',
  stdinOnce:
    'Close stdin once the first attached client detaches, so that the container sees end-of-file, until it restarts (default false: stdin stays open).',
  tty: 'Allocate a TTY for the container; needs stdin too (default false).',
};
const NOT_FOR_EPHEMERAL = 'Not allowed for ephemeral containers.';

export const types = {
  // ---------------------------------------------------------------- pods
  'core/v1.Pod': {
    description:
      'The smallest unit that runs: one or more containers scheduled together onto one node, sharing its network identity and the volumes of the pod.',
    fields: {
      spec: 'The desired behaviour of the pod.',
      status: 'The most recently observed state of the pod, written by the system; it may lag behind.',
    },
  },
  'core/v1.PodTemplateSpec': {
    description: 'The pod a controller makes its pods from.',
    fields: {
      metadata: 'Labels, annotations and other metadata of the created pods.',
      spec: 'The specification of the created pods.',
    },
  },
  'core/v1.PodSpec': {
    description: 'The desired behaviour of a pod: its containers and volumes, where it may run and how.',
    fields: {
      volumes: 'Volumes the containers of the pod can mount, each with a name and one source.',
      initContainers:
        'Containers run one after another, each to completion, before the app containers start; a failed one is retried as restartPolicy says. Those with restartPolicy Always are sidecars that keep running. Cannot be updated.',
      containers: 'The app containers of the pod; at least one. Containers cannot be added or removed later.',
      ephemeralContainers:
        'Temporary containers added to a running pod, for example to debug it, through its ephemeralcontainers subresource. They are never restarted and cannot be removed.',
      restartPolicy: 'When the containers of the pod are restarted after they exit (default Always).',
      terminationGracePeriodSeconds:
        'Seconds a pod being deleted gets between the termination signal and being killed (default 30); 0 kills at once. A delete request may shorten it.',
      activeDeadlineSeconds:
        'How long, from its start, the pod may be active before the system marks it failed and kills its containers; a positive number.',
      dnsPolicy: 'How DNS resolution of the pod is set up (default ClusterFirst); dnsConfig adds to it.',
      nodeSelector: 'Labels a node must have for the pod to be scheduled onto it.',
      serviceAccountName: 'The ServiceAccount whose identity the pod runs with (default: the account named default).',
      serviceAccount: 'Deprecated: the former name of serviceAccountName.',
      automountServiceAccountToken:
        "Whether a token of the pod's ServiceAccount is mounted into its containers; overrides the ServiceAccount's own setting.",
      nodeName:
        'The node the pod runs on. The scheduler sets it (through the binding subresource); a pod created with it set skips scheduling.',
      hostNetwork:
        "Run the pod in the node's network namespace, with the node's IPs; its container ports are then host ports (default false).",
      hostPID: "Share the node's process ID namespace (default false).",
      hostIPC: "Share the node's IPC namespace (default false).",
      shareProcessNamespace:
        "Run the pod's containers in one process namespace, so that they see and can signal each other's processes; not with hostPID (default false).",
      securityContext: 'Security settings of the whole pod, and defaults of the security settings of its containers.',
      imagePullSecrets: 'Secrets of the pod namespace with registry credentials for pulling the images of the containers.',
      hostname: "The host name of the pod (default: a name the system chooses, the pod's name).",
      subdomain:
        'With hostname, gives the pod the fully qualified name <hostname>.<subdomain>.<namespace>.svc.<cluster domain>; usually the name of a headless Service.',
      affinity: 'Scheduling constraints that draw the pod to, or keep it away from, nodes and other pods.',
      schedulerName: 'The scheduler that places the pod (default: the default scheduler).',
      tolerations: 'Taints of nodes the pod tolerates.',
      hostAliases: "Extra entries for the pod's /etc/hosts file; not with hostNetwork.",
      priorityClassName:
        'The PriorityClass that gives the pod its priority; system-node-critical and system-cluster-critical are built in. Unset: the default class, or priority 0.',
      priority: 'The priority of the pod, filled in from priorityClassName at admission; higher is more important.',
      dnsConfig: 'DNS settings added to those dnsPolicy makes: nameservers, search domains and resolver options.',
      readinessGates: 'Further conditions that must be True in the status of the pod for the pod to count as ready.',
      runtimeClassName: 'The RuntimeClass that chooses the container runtime handler of the pod (default: the default handler).',
      enableServiceLinks:
        'Whether the containers get environment variables about the Services of the namespace, as Docker links once did (default true).',
      preemptionPolicy: 'Whether the pod may preempt pods of lower priority to be scheduled (default PreemptLowerPriority).',
      overhead:
        'The resources the runtime of the pod uses beyond its containers, filled in from its RuntimeClass at admission and counted by scheduling and quota.',
      topologySpreadConstraints:
        'How the pods of a group are spread over topology domains such as zones or nodes; the scheduler meets all of them.',
      setHostnameAsFQDN: 'Make the host name of the pod its fully qualified domain name rather than its short name (default false).',
      os: 'The operating system the containers run on; validation then rejects the settings that do not apply to it.',
      hostUsers: "Whether the pod uses the node's user namespace (default true); false gives the pod a user namespace of its own.",
      schedulingGates:
        'Gates that keep the pod from being scheduled while any of them is there; set at creation, they can only be removed.',
      resourceClaims:
        'ResourceClaims the pod needs, each under a name that its containers use in resources.claims. Needs feature DynamicResourceAllocation.',
      resources:
        'Requests and limits of the pod as a whole, shared by its containers (cpu and memory only). Alpha, with feature PodLevelResources.',
    },
  },
  'core/v1.PodStatus': {
    description: 'The observed state of a pod; it may lag behind the actual state of the node.',
    fields: {
      phase: 'A summary of where the pod is in its lifecycle.',
      conditions: 'The current conditions of the pod, such as PodScheduled, Initialized, ContainersReady and Ready.',
      message: 'A human readable message on why the pod is in this state.',
      reason: 'A brief CamelCase word on why the pod is in this state, such as Evicted.',
      nominatedNodeName: 'The node where the pod would go once the preemption it caused is over; it may still end up elsewhere.',
      hostIP: 'The primary IP of the node of the pod; empty until the pod is placed.',
      hostIPs: 'The IPs of the node of the pod, at most one per IP family; the first one is hostIP.',
      podIP: 'The primary IP of the pod; empty until one is allocated.',
      podIPs: 'The IPs of the pod, at most one per IP family; the first one is podIP.',
      startTime: 'When the kubelet accepted the pod, before it pulled any image.',
      initContainerStatuses: 'The status of each init container.',
      containerStatuses: 'The status of each app container.',
      qosClass: 'The quality of service class of the pod, from the requests and limits of its containers.',
      ephemeralContainerStatuses: 'The status of each ephemeral container.',
      resize: 'The state of a resize of the resources of the containers in place. Alpha.',
      resourceClaimStatuses: 'The ResourceClaims generated for the claims of the pod that use a template.',
    },
  },
  'core/v1.PodCondition': {
    description: 'One aspect of the state of a pod.',
    fields: { type: 'The kind of condition, such as Ready or PodScheduled.', ...CONDITION },
  },
  'core/v1.HostIP': { description: 'An IP of the node of a pod.', fields: { ip: 'The IP.' } },
  'core/v1.PodIP': { description: 'An IP of a pod.', fields: { ip: 'The IP.' } },
  'core/v1.PodResourceClaimStatus': {
    description: 'The ResourceClaim generated for a claim of the pod that uses a template.',
    fields: {
      name: 'The name of the entry in the resourceClaims of the pod.',
      resourceClaimName: 'The name of the generated ResourceClaim; unset when none was needed.',
    },
  },
  'core/v1.ContainerStatus': {
    description: 'The observed state of one container of a pod.',
    fields: {
      name: 'The name of the container.',
      state: 'The current state of the container.',
      lastState: 'The state the container was in before its last restart, such as why it terminated.',
      ready: 'Whether the readiness probe of the container passes (true when it has none).',
      restartCount: 'How often the container has been restarted.',
      image: 'The image the container runs.',
      imageID: 'The ID of the image the container runs.',
      containerID: 'The ID of the container in its runtime, as <runtime>://<id>.',
      started: 'Whether the startup probe of the container has passed (true when it has none); false again after a restart until it does.',
      allocatedResources: 'The resources the node has allocated to the container.',
      resources: 'The requests and limits applied to the running container.',
      volumeMounts: 'The volume mounts of the container, as applied.',
      user: 'The identity the first process of the container runs with.',
      allocatedResourcesStatus: 'The health of the devices allocated to the container.',
    },
  },
  'core/v1.ContainerState': {
    description: 'The state of a container: exactly one member is set (waiting when none is).',
    fields: {
      waiting: 'The container is not running yet.',
      running: 'The container is running.',
      terminated: 'The container has exited.',
    },
  },
  'core/v1.ContainerStateWaiting': {
    description: 'A container that is not running yet.',
    fields: {
      reason: 'Why the container is waiting, such as ContainerCreating or ImagePullBackOff.',
      message: 'A human readable message on why the container is waiting.',
    },
  },
  'core/v1.ContainerStateRunning': {
    description: 'A running container.',
    fields: { startedAt: 'When the container last (re)started.' },
  },
  'core/v1.ContainerStateTerminated': {
    description: 'A container that has exited.',
    fields: {
      exitCode: 'The exit status of the last run.',
      signal: 'The signal that ended the last run, if any.',
      reason: 'Why the container exited, such as Completed, Error or OOMKilled.',
      message: 'A human readable message on why the container exited.',
      startedAt: 'When the last run started.',
      finishedAt: 'When the last run ended.',
      containerID: 'The ID of the container, as <runtime>://<id>.',
    },
  },
  'core/v1.VolumeMountStatus': {
    description: 'A volume mount of a container, as applied.',
    fields: {
      name: 'The name of the volume mount.',
      mountPath: 'Where the volume is mounted.',
      readOnly: 'Whether the mount is read-only.',
      recursiveReadOnly: 'Whether the submounts of the mount are read-only too.',
    },
  },
  'core/v1.ContainerUser': {
    description: 'The identity the first process of a container runs with, per operating system.',
    fields: { linux: 'The identity on Linux.' },
  },
  'core/v1.LinuxContainerUser': {
    description: 'The user and groups of the first process of a container on Linux.',
    fields: {
      uid: 'The user ID.',
      gid: 'The primary group ID.',
      supplementalGroups: 'The supplemental group IDs.',
    },
  },
  'core/v1.ResourceStatus': {
    description: 'The health of the devices behind one resource of a container.',
    fields: {
      name: 'The resource, as the resources of the container name it: claim:<claim name>/<request>, or an extended resource name.',
      resources: 'The health of each device of the resource.',
    },
  },
  'core/v1.ResourceHealth': {
    description: 'The health of one device.',
    fields: {
      resourceID: 'The ID of the device, unique among those of the resource.',
      health: 'The health of the device.',
    },
  },

  // ---------------------------------------------------------------- containers
  'core/v1.Container': {
    description: 'One container of a pod: an image, how to run it and what it needs.',
    fields: container,
  },
  'core/v1.EphemeralContainer': {
    description:
      'A container added to a running pod for a while, for example to debug it. It has no resource guarantees, no ports and no probes, and is never restarted.',
    fields: {
      targetContainerName:
        'The container of the pod whose namespaces (such as its process namespace) this one joins; unset joins only the namespaces the pod shares.',
    },
  },
  'core/v1.EphemeralContainerCommon': {
    description: 'The settings of an ephemeral container; those a container of that kind cannot have are rejected.',
    fields: {
      ...container,
      name: 'The name of the container, a DNS label unique among all containers of the pod.',
      ports: NOT_FOR_EPHEMERAL,
      resources: 'Not allowed: ephemeral containers use the resources already given to the pod.',
      resizePolicy: 'Not allowed: ephemeral containers have no resources of their own.',
      restartPolicy: 'Not allowed: ephemeral containers are never restarted.',
      volumeDevices: NOT_FOR_EPHEMERAL,
      livenessProbe: NOT_FOR_EPHEMERAL,
      readinessProbe: NOT_FOR_EPHEMERAL,
      startupProbe: NOT_FOR_EPHEMERAL,
      lifecycle: NOT_FOR_EPHEMERAL,
      volumeMounts: "Volumes of the pod mounted into the container's filesystem; subPath and subPathExpr are not allowed.",
    },
  },
  'core/v1.ContainerPort': {
    description: 'A network port of a container.',
    fields: {
      name: 'A name for the port, unique in the pod (an IANA service name), by which Services can refer to it.',
      hostPort: 'A port of the node to expose the container port on, if any; few pods need one. With hostNetwork it equals containerPort.',
      containerPort: 'The port number on the IP of the pod (1 to 65535). Required.',
      protocol: 'The protocol of the port (default TCP).',
      hostIP: 'The IP of the node the host port binds to.',
    },
  },
  'core/v1.EnvFromSource': {
    description: 'A ConfigMap or Secret whose keys all become environment variables.',
    fields: {
      prefix: 'A prefix put before every key; it must be a valid variable name.',
      configMapRef: 'The ConfigMap to read.',
      secretRef: 'The Secret to read.',
    },
  },
  'core/v1.ConfigMapEnvSource': {
    description: 'A ConfigMap whose keys become environment variables.',
    fields: { optional: 'Whether the ConfigMap may be missing.' },
  },
  'core/v1.SecretEnvSource': {
    description: 'A Secret whose keys become environment variables.',
    fields: { optional: 'Whether the Secret may be missing.' },
  },
  'core/v1.EnvVar': {
    description: 'An environment variable of a container.',
    fields: {
      name: 'The name of the variable. Required.',
      value:
        'The value (default empty). $(VAR) expands to a variable defined before it in the list or to a variable of the Services; $$(VAR) escapes it, and an unknown reference is kept as written.',
      valueFrom: 'Where the value comes from, instead of value.',
    },
  },
  'core/v1.EnvVarSource': {
    description: 'Where the value of an environment variable comes from: exactly one member is set.',
    fields: {
      fieldRef:
        "A field of the pod: metadata.name, metadata.namespace, metadata.uid, metadata.labels['<key>'], metadata.annotations['<key>'], spec.nodeName, spec.serviceAccountName, status.hostIP, status.hostIPs, status.podIP or status.podIPs.",
      resourceFieldRef:
        'A limit or request of the container: limits.cpu, limits.memory, limits.ephemeral-storage, requests.cpu, requests.memory or requests.ephemeral-storage.',
      configMapKeyRef: 'A key of a ConfigMap.',
      secretKeyRef: 'A key of a Secret of the pod namespace.',
    },
  },
  'core/v1.ObjectFieldSelector': {
    description: 'A field of an object, by path.',
    fields: {
      apiVersion: 'The API version the path is written in (default v1).',
      fieldPath: 'The path of the field. Required.',
    },
  },
  'core/v1.ResourceFieldSelector': {
    description: 'A resource limit or request of a container, such as limits.cpu.',
    fields: {
      containerName: 'The container; optional for environment variables (then the container itself), required in volumes.',
      resource: 'The resource, such as limits.memory or requests.cpu. Required.',
      divisor: 'The unit the value is given in (default 1); for cpu, 1m gives millicores.',
    },
  },
  'core/v1.ConfigMapKeySelector': {
    description: 'One key of a ConfigMap.',
    fields: {
      key: 'The key. Required.',
      optional: 'Whether the ConfigMap or the key may be missing.',
    },
  },
  'core/v1.SecretKeySelector': {
    description: 'One key of a Secret.',
    fields: {
      key: 'The key. Required.',
      optional: 'Whether the Secret or the key may be missing.',
    },
  },
  'core/v1.ResourceRequirements': {
    description: 'The compute resources (cpu, memory, ...) a container, or a pod, needs and may use at most.',
    fields: {
      limits: 'The most of each resource that may be used.',
      requests:
        'The least of each resource that is needed; scheduling reserves it. Defaults to the limit for a resource that has only a limit, and may not exceed it.',
      claims:
        'Which ResourceClaims of the pod (by their name in the resourceClaims of the pod) the container uses. Alpha, with feature DynamicResourceAllocation; immutable.',
    },
  },
  'core/v1.ResourceClaim': {
    description: 'A ResourceClaim of the pod that a container uses.',
    fields: {
      name: 'The name of an entry in the resourceClaims of the pod.',
      request: 'One request of the claim the container uses; empty makes the whole claim available.',
    },
  },
  'core/v1.ContainerResizePolicy': {
    description: 'What a change of one resource of a running container needs.',
    fields: {
      resourceName: 'The resource, cpu or memory.',
      restartPolicy: 'Whether the change restarts the container (default NotRequired).',
    },
  },
  'core/v1.VolumeMount': {
    description: 'A volume of the pod mounted into a container.',
    fields: {
      name: 'The name of the volume. Required.',
      readOnly: 'Mount the volume read-only (default false).',
      recursiveReadOnly:
        'Whether a read-only mount is read-only in its submounts too (default Disabled); needs readOnly, and mountPropagation None unless Disabled.',
      mountPath: 'Where the volume is mounted in the container; it may not contain ":". Required.',
      subPath: "A path inside the volume to mount instead of the volume's root (default: the root).",
      subPathExpr: "Like subPath, with $(VAR) expanded from the container's environment (default: the root); not together with subPath.",
      mountPropagation: 'How mounts propagate between the node and the container (default None).',
    },
  },
  'core/v1.VolumeDevice': {
    description: 'A raw block volume of the pod given to a container as a device.',
    fields: {
      name: 'The name of a volume of the pod that is backed by a PersistentVolumeClaim. Required.',
      devicePath: 'The path of the device in the container. Required.',
    },
  },
  'core/v1.Probe': {
    description: 'A periodic check of a container, by one handler, and when its results count.',
    fields: {
      initialDelaySeconds: 'Seconds after the container starts before the first check.',
      timeoutSeconds: 'Seconds after which a check times out (default 1, at least 1).',
      periodSeconds: 'Seconds between checks (default 10, at least 1).',
      successThreshold:
        'Consecutive successes after a failure before the check counts as passing (default 1; must be 1 for liveness and startup probes).',
      failureThreshold: 'Consecutive failures before the check counts as failed (default 3, at least 1).',
      terminationGracePeriodSeconds:
        "The grace period when a failed liveness or startup probe kills the container; overrides the pod's terminationGracePeriodSeconds.",
    },
  },
  'core/v1.ProbeHandler': {
    description: 'How a probe checks a container: exactly one member is set.',
    fields: {
      exec: 'Runs a command in the container; exit status 0 passes.',
      httpGet: 'Sends an HTTP GET request; a status from 200 to 399 passes.',
      tcpSocket: 'Opens a TCP connection; connecting passes.',
      grpc: 'Calls the standard gRPC health checking service.',
    },
  },
  'core/v1.Lifecycle': {
    description: 'Actions run at points of the life of a container.',
    fields: {
      postStart:
        'Runs right after the container is created; if it fails, the container is killed and restarted as the restart policy says. The container is not running until it completes.',
      preStop:
        'Runs before the container is stopped by the system (deletion of the pod, a failed probe, preemption, ...), not when it exits by itself; the grace period counts meanwhile.',
    },
  },
  'core/v1.LifecycleHandler': {
    description: 'An action of a lifecycle hook: exactly one member is set.',
    fields: {
      exec: 'Runs a command in the container.',
      httpGet: 'Sends an HTTP GET request.',
      tcpSocket: 'Deprecated: accepted for compatibility, but does nothing as a lifecycle hook.',
      sleep: 'Waits for some time.',
    },
  },
  'core/v1.ExecAction': {
    description: 'A command run in a container.',
    fields: {
      command:
        'The command line, run in the root directory of the container without a shell (invoke one explicitly to use pipes and the like); exit status 0 means success.',
    },
  },
  'core/v1.HTTPGetAction': {
    description: 'An HTTP GET request to a container.',
    fields: {
      path: 'The path to request (default /).',
      port: 'The port of the container, by number (1 to 65535) or by name. Required.',
      host: 'The host to connect to (default: the IP of the pod); to set a virtual host, put a Host header in httpHeaders instead.',
      scheme: 'The scheme (default HTTP).',
      httpHeaders: 'Extra request headers; the same name may appear more than once.',
    },
  },
  'core/v1.HTTPHeader': {
    description: 'A header of an HTTP request.',
    fields: {
      name: 'The header name; it is sent in canonical form.',
      value: 'The header value.',
    },
  },
  'core/v1.TCPSocketAction': {
    description: 'A TCP connection to a container.',
    fields: {
      port: 'The port, by number (1 to 65535) or by name. Required.',
      host: 'The host to connect to (default: the IP of the pod).',
    },
  },
  'core/v1.GRPCAction': {
    description: 'A call of the gRPC health checking service of a container.',
    fields: {
      port: 'The port of the gRPC service (1 to 65535).',
      service: 'The service name sent in the health check request (default empty: the health of the whole server).',
    },
  },
  'core/v1.SleepAction': {
    description: 'A pause of some seconds.',
    fields: { seconds: 'How many seconds to sleep.' },
  },
  'core/v1.SecurityContext': {
    description: 'Security settings of a container; where the pod sets the same, the container wins.',
    fields: {
      capabilities: 'Linux capabilities to add and drop (default: those the runtime grants). Not on Windows.',
      privileged: 'Run the container privileged, which is close to root on the node (default false). Not on Windows.',
      seLinuxOptions: 'The SELinux context of the container (default: chosen by the runtime). Not on Windows.',
      windowsOptions: 'Windows settings (default: those of the pod). Not on Linux.',
      runAsUser: 'The user ID the entrypoint runs as (default: the user of the image). Not on Windows.',
      runAsGroup: 'The group ID the entrypoint runs as (default: chosen by the runtime). Not on Windows.',
      runAsNonRoot: 'Require the container to run as a user other than root: the kubelet refuses to start it when it would run as UID 0.',
      readOnlyRootFilesystem: 'Mount the root filesystem of the container read-only (default false). Not on Windows.',
      allowPrivilegeEscalation:
        'Whether a process may gain more privileges than its parent (the no_new_privs flag); always true when privileged or with CAP_SYS_ADMIN. Not on Windows.',
      procMount: 'How /proc is mounted in the container (default Default). Not on Windows.',
      seccompProfile: 'The seccomp profile of the container; overrides that of the pod. Not on Windows.',
      appArmorProfile: 'The AppArmor profile of the container; overrides that of the pod. Not on Windows.',
    },
  },
  'core/v1.PodSecurityContext': {
    description:
      'Security settings of a pod. Some apply to the pod as a whole; the others are defaults of its containers, which their own securityContext overrides.',
    fields: {
      seLinuxOptions: 'The SELinux context of every container (default: chosen by the runtime). Not on Windows.',
      windowsOptions: 'Windows settings of every container. Not on Linux.',
      runAsUser: 'The user ID the entrypoints run as (default: the user of each image). Not on Windows.',
      runAsGroup: 'The group ID the entrypoints run as (default: chosen by the runtime). Not on Windows.',
      runAsNonRoot: 'Require every container to run as a user other than root: the kubelet refuses to start one that would run as UID 0.',
      supplementalGroups: 'Group IDs the first process of every container gets besides its primary group. Not on Windows.',
      supplementalGroupsPolicy:
        'How the supplemental groups of the first process of each container are computed (default Merge). Not on Windows.',
      fsGroup:
        'A group ID that owns the volumes of the pod, for the volume kinds that support it: new files get the group and the setgid bit, and the group is added to every container. Not on Windows.',
      sysctls:
        'Namespaced kernel parameters set for the pod; the pod may fail to start if the runtime does not support one. Not on Windows.',
      fsGroupChangePolicy:
        'When the ownership and permissions of a volume are changed to fsGroup before it is exposed to the pod (default Always). Not on Windows.',
      seccompProfile: 'The seccomp profile of every container. Not on Windows.',
      appArmorProfile: 'The AppArmor profile of every container. Not on Windows.',
      seLinuxChangePolicy:
        'How the SELinux label of the pod is applied to its volumes: by relabelling every file, or with a mount option where possible. Alpha. Not on Windows.',
    },
  },
  'core/v1.SELinuxOptions': {
    description: 'An SELinux context.',
    fields: {
      user: 'The SELinux user label.',
      role: 'The SELinux role label.',
      type: 'The SELinux type label.',
      level: 'The SELinux level label.',
    },
  },
  'core/v1.WindowsSecurityContextOptions': {
    description: 'Windows settings of a container.',
    fields: {
      gmsaCredentialSpecName: 'The GMSACredentialSpec resource to use.',
      gmsaCredentialSpec:
        'The content of the GMSA credential spec, filled in by the admission webhook that resolves gmsaCredentialSpecName.',
      runAsUserName: 'The Windows user name the entrypoint runs as (default: the user of the image).',
      hostProcess:
        "Run the container as a HostProcess container, with access to the node's network and processes; then every container of the pod must be one, and hostNetwork must be true.",
    },
  },
  'core/v1.Sysctl': {
    description: 'A kernel parameter to set.',
    fields: {
      name: 'The name of the parameter.',
      value: 'The value of the parameter.',
    },
  },
  'core/v1.SeccompProfile': {
    description: 'A seccomp profile: exactly one source.',
    fields: {
      type: 'Which kind of profile.',
      localhostProfile: "For type Localhost only: the path of the profile file, relative to the kubelet's seccomp directory.",
    },
  },
  'core/v1.AppArmorProfile': {
    description: 'An AppArmor profile.',
    fields: {
      type: 'Which kind of profile.',
      localhostProfile: 'For type Localhost only: the name of a profile loaded on the node.',
    },
  },
  'core/v1.Capabilities': {
    description: 'Linux capabilities to add to and drop from those a container runtime grants.',
    fields: {
      add: 'Capabilities to add.',
      drop: 'Capabilities to drop.',
    },
  },

  // ---------------------------------------------------------------- scheduling
  'core/v1.Affinity': {
    description: 'Scheduling constraints of a pod relative to nodes and other pods.',
    fields: {
      nodeAffinity: 'Which nodes the pod may go to, or prefers.',
      podAffinity: 'Which pods the pod must, or prefers to, run near (in the same topology domain).',
      podAntiAffinity: 'Which pods the pod must not, or prefers not to, run near (in the same topology domain).',
    },
  },
  'core/v1.NodeAffinity': {
    description: 'Rules on the nodes a pod may be scheduled to.',
    fields: {
      requiredDuringSchedulingIgnoredDuringExecution:
        'Nodes the pod may be scheduled to; a pod already running stays when its node stops matching.',
      preferredDuringSchedulingIgnoredDuringExecution:
        'Nodes the scheduler prefers: each node scores the sum of the weights of the terms it matches, and the highest scores win.',
    },
  },
  'core/v1.NodeSelector': {
    description: 'A query over nodes: a node matches when it matches any of the terms.',
    fields: { nodeSelectorTerms: 'The terms, of which a node must match at least one. Required.' },
  },
  'core/v1.NodeSelectorTerm': {
    description: 'Requirements a node must meet all of; a term without any matches no node.',
    fields: {
      matchExpressions: 'Requirements on the labels of the node.',
      matchFields: 'Requirements on the fields of the node (only metadata.name is supported).',
    },
  },
  'core/v1.NodeSelectorRequirement': {
    description: 'A requirement on one label or field of a node.',
    fields: {
      key: 'The label or field the requirement is about. Required.',
      operator: 'How the value of the key relates to values. Required.',
      values: 'The values to compare with: at least one for In and NotIn, none for Exists and DoesNotExist, one integer for Gt and Lt.',
    },
  },
  'core/v1.PreferredSchedulingTerm': {
    description: 'A node selector term with a weight; an empty term matches every node.',
    fields: {
      weight: 'The weight of the term, 1 to 100.',
      preference: 'The node selector term.',
    },
  },
  'core/v1.PodAffinity': {
    description: 'Rules that put a pod in the same topology domain as certain other pods.',
    fields: {
      requiredDuringSchedulingIgnoredDuringExecution:
        'Terms the pod must meet to be scheduled: for each, the node must be in a domain that already has a matching pod. A running pod stays when they stop holding.',
      preferredDuringSchedulingIgnoredDuringExecution:
        'Weighted terms the scheduler tries to meet: nodes score the sum of the weights of the terms they meet.',
    },
  },
  'core/v1.PodAntiAffinity': {
    description: 'Rules that keep a pod out of the topology domains of certain other pods.',
    fields: {
      requiredDuringSchedulingIgnoredDuringExecution:
        'Terms the pod must meet to be scheduled: for each, the node must be in a domain without a matching pod. A running pod stays when they stop holding.',
      preferredDuringSchedulingIgnoredDuringExecution:
        'Weighted terms the scheduler tries to meet: nodes score the sum of the weights of the terms they meet.',
    },
  },
  'core/v1.PodAffinityTerm': {
    description: 'A group of pods (chosen by labels, in some namespaces) and the topology key whose domains the rule is about.',
    fields: {
      labelSelector: 'A label query over the pods of the group; unset matches none.',
      namespaces:
        'Namespaces the label query applies to, together with those namespaceSelector selects; with neither, the namespace of the pod.',
      topologyKey:
        'The node label whose values form the domains, such as topology.orchestrator.io/zone; an empty key is not allowed. Required.',
      namespaceSelector:
        'A label query over the namespaces the label query applies to, together with namespaces; an empty selector matches every namespace.',
      matchLabelKeys: 'Label keys whose values are taken from the incoming pod and added to labelSelector as key in (value). Beta.',
      mismatchLabelKeys: 'Label keys whose values are taken from the incoming pod and added to labelSelector as key notin (value). Beta.',
    },
  },
  'core/v1.WeightedPodAffinityTerm': {
    description: 'A pod affinity term with a weight.',
    fields: {
      weight: 'The weight of the term, 1 to 100.',
      podAffinityTerm: 'The term. Required.',
    },
  },
  'core/v1.Toleration': {
    description: 'A taint a pod tolerates, matched by key, value and effect.',
    fields: {
      key: 'The taint key the toleration applies to; empty, with operator Exists, matches every taint.',
      operator: 'How the key and value are compared (default Equal).',
      value: 'The taint value to match; empty for operator Exists.',
      effect: 'The taint effect to match; empty matches every effect.',
      tolerationSeconds:
        'For effect NoExecute only: how long the pod stays on the node once the taint appears. Unset: for ever; 0 or less: evicted at once.',
    },
  },
  'core/v1.HostAlias': {
    description: 'An entry of the /etc/hosts file of a pod.',
    fields: {
      ip: 'The IP address.',
      hostnames: 'Host names for the IP address.',
    },
  },
  'core/v1.PodDNSConfig': {
    description: 'DNS settings of a pod, besides those dnsPolicy makes.',
    fields: {
      nameservers: 'IPs of DNS servers, added to those of dnsPolicy (duplicates removed).',
      searches: 'DNS search domains, added to those of dnsPolicy (duplicates removed).',
      options: 'Resolver options; one named like an option of dnsPolicy replaces it.',
    },
  },
  'core/v1.PodDNSConfigOption': {
    description: 'A resolver option.',
    fields: {
      name: 'The name of the option. Required.',
      value: 'The value of the option, if it takes one.',
    },
  },
  'core/v1.PodReadinessGate': {
    description: 'A further condition the pod needs to be ready.',
    fields: { conditionType: 'The type of a condition in the status of the pod that must be True.' },
  },
  'core/v1.TopologySpreadConstraint': {
    description: 'How the pods of a group are spread over the domains of one topology key.',
    fields: {
      maxSkew:
        'The most the number of matching pods in a domain may exceed the lowest number in any eligible domain; at least 1. Required.',
      topologyKey: 'The node label whose values form the domains, such as topology.orchestrator.io/zone. Required.',
      whenUnsatisfiable: 'What the scheduler does with a pod that would break the constraint. Required.',
      labelSelector: 'Which pods are counted in each domain.',
      minDomains:
        'The least number of eligible domains; with fewer, the lowest count is taken to be 0. Only with whenUnsatisfiable DoNotSchedule.',
      nodeAffinityPolicy: "Whether only the nodes the pod's nodeAffinity and nodeSelector allow are counted (default Honor).",
      nodeTaintsPolicy: 'Whether nodes with taints the pod does not tolerate are counted (default Ignore).',
      matchLabelKeys:
        'Label keys whose values are taken from the incoming pod and added to labelSelector; a key may not also appear in labelSelector.',
    },
  },
  'core/v1.PodOS': {
    description: 'The operating system of a pod.',
    fields: { name: 'The name of the operating system. Required.' },
  },
  'core/v1.PodSchedulingGate': {
    description: 'A gate that keeps a pod from being scheduled.',
    fields: { name: 'The name of the gate, unique among the gates of the pod. Required.' },
  },
  'core/v1.PodResourceClaim': {
    description:
      'A ResourceClaim a pod needs, under the name its containers use; exactly one of resourceClaimName and resourceClaimTemplateName is set.',
    fields: {
      name: 'The name of the claim within the pod, a DNS label unique in the pod. Required.',
      resourceClaimName: 'An existing ResourceClaim in the namespace of the pod.',
      resourceClaimTemplateName:
        'A ResourceClaimTemplate in the namespace of the pod: a ResourceClaim is made from it for the pod, and deleted with the pod.',
    },
  },

  // ---------------------------------------------------------------- volumes
  'core/v1.Volume': {
    description: 'A named volume of a pod that its containers can mount; exactly one source is set.',
    fields: { name: 'The name of the volume, a DNS label unique in the pod; mounts refer to it. Required.' },
  },
  'core/v1.VolumeSource': {
    description: 'Where the data of a volume comes from: exactly one member is set.',
    fields: {
      hostPath: 'A file or directory of the node; for system agents, rarely for other pods.',
      emptyDir: 'An empty directory that lives as long as the pod.',
      gcePersistentDisk: 'Deprecated: a GCE persistent disk; the pd.csi.storage.gke.io CSI driver replaces it.',
      awsElasticBlockStore: 'Deprecated: an AWS EBS volume; the ebs.csi.aws.com CSI driver replaces it.',
      gitRepo: 'Deprecated: a git repository cloned when the pod starts; clone into an emptyDir from an init container instead.',
      secret: 'The keys of a Secret as files.',
      nfs: 'An NFS share.',
      iscsi: 'An iSCSI disk.',
      glusterfs: 'Deprecated and no longer supported: a GlusterFS volume.',
      persistentVolumeClaim: 'The volume bound to a PersistentVolumeClaim of the pod namespace.',
      rbd: 'Deprecated and no longer supported: a Ceph RBD image.',
      flexVolume: 'Deprecated: a volume mounted by a FlexVolume driver; use a CSI driver instead.',
      cinder: 'Deprecated: an OpenStack Cinder volume; the cinder.csi.openstack.org CSI driver replaces it.',
      cephfs: 'Deprecated and no longer supported: a CephFS mount.',
      flocker: 'Deprecated and no longer supported: a Flocker dataset.',
      downwardAPI: 'Fields of the pod and resources of its containers as files.',
      fc: 'A Fibre Channel disk.',
      azureFile: 'Deprecated: an Azure File share; the file.csi.azure.com CSI driver replaces it.',
      configMap: 'The keys of a ConfigMap as files.',
      vsphereVolume: 'Deprecated: a vSphere virtual disk; the csi.vsphere.vmware.com CSI driver replaces it.',
      quobyte: 'Deprecated and no longer supported: a Quobyte volume.',
      azureDisk: 'Deprecated: an Azure data disk; the disk.csi.azure.com CSI driver replaces it.',
      photonPersistentDisk: 'Deprecated and no longer supported: a Photon Controller persistent disk.',
      projected: 'Secrets, ConfigMaps, downward API fields, service account tokens and trust bundles together in one directory.',
      portworxVolume: 'Deprecated: a Portworx volume; the pxd.portworx.com CSI driver replaces it.',
      scaleIO: 'Deprecated and no longer supported: a ScaleIO volume.',
      storageos: 'Deprecated and no longer supported: a StorageOS volume.',
      csi: 'An ephemeral volume of a CSI driver that provides inline volumes.',
      ephemeral:
        'A volume from a PersistentVolumeClaim made for the pod from the template given here, and deleted with the pod; storage of any driver that provisions claims.',
      image:
        'The contents of an OCI image or artifact, read-only, pulled as container images are. Beta, off by default (feature ImageVolume).',
    },
  },
  'core/v1.HostPathVolumeSource': {
    description: 'A file or directory of the node mounted into the pod; the pod sees, and may change, the node.',
    fields: {
      path: 'The path on the node; a symbolic link is followed. Required.',
      type: 'What must be at the path before the mount (default: anything; no check).',
    },
  },
  'core/v1.EmptyDirVolumeSource': {
    description: 'An empty directory created for the pod and deleted with it.',
    fields: {
      medium: 'What stores the directory: empty for the default storage of the node, Memory for a tmpfs, or HugePages.',
      sizeLimit: 'The most the directory may hold; for Memory, the memory limits of the pod apply too. Default: no limit of its own.',
    },
  },
  'core/v1.GCEPersistentDiskVolumeSource': {
    description: 'A GCE persistent disk; it must exist, and be in the zone of the node.',
    fields: {
      pdName: 'The name of the disk in GCE. Required.',
      fsType: FS_TYPE,
      partition: 'The partition to mount (default 0: the whole disk).',
      readOnly: READ_ONLY,
    },
  },
  'core/v1.AWSElasticBlockStoreVolumeSource': {
    description: 'An AWS EBS volume; it must exist, and be in the zone of the node.',
    fields: {
      volumeID: 'The ID of the EBS volume. Required.',
      fsType: FS_TYPE,
      partition: 'The partition to mount (default 0: the whole volume).',
      readOnly: READ_ONLY,
    },
  },
  'core/v1.GitRepoVolumeSource': {
    description: 'A git repository cloned into the volume when the pod starts. Deprecated.',
    fields: {
      repository: 'The URL of the repository. Required.',
      revision: 'The commit to check out.',
      directory:
        'The directory to clone into, without ".."; "." clones into the root of the volume (default: a subdirectory named after the repository).',
    },
  },
  'core/v1.SecretVolumeSource': {
    description: 'The keys of a Secret as files, one per key.',
    fields: {
      secretName: 'The Secret, in the namespace of the pod.',
      items: 'Which keys become which files; unset, every key becomes a file named after it. A listed key must exist unless optional.',
      defaultMode: DEFAULT_MODE,
      optional: 'Whether the Secret, or a listed key, may be missing.',
    },
  },
  'core/v1.ConfigMapVolumeSource': {
    description: 'The keys of a ConfigMap as files, one per key.',
    fields: {
      items: 'Which keys become which files; unset, every key becomes a file named after it. A listed key must exist unless optional.',
      defaultMode: DEFAULT_MODE,
      optional: 'Whether the ConfigMap, or a listed key, may be missing.',
    },
  },
  'core/v1.KeyToPath': {
    description: 'A key of a ConfigMap or Secret and the file it becomes.',
    fields: {
      key: 'The key. Required.',
      path: 'The relative path of the file; it may not be absolute, contain "..", or start with "..". Required.',
      mode: ITEM_MODE,
    },
  },
  'core/v1.NFSVolumeSource': {
    description: 'An NFS share; it may be mounted by many pods at once.',
    fields: {
      server: 'The host name or IP of the NFS server. Required.',
      path: 'The path the server exports. Required.',
      readOnly: 'Mount the share read-only (default false).',
    },
  },
  'core/v1.ISCSIVolumeSource': {
    description: 'An iSCSI disk; read-write by one pod at a time, read-only by many.',
    fields: {
      targetPortal: 'The target portal: an IP or host name, with the port unless it is 3260. Required.',
      iqn: 'The iSCSI qualified name of the target. Required.',
      lun: 'The logical unit number of the target. Required.',
      iscsiInterface: 'The iSCSI interface to use (default "default", plain TCP).',
      fsType: FS_TYPE,
      readOnly: READ_ONLY,
      portals: 'Further target portals, for multipath: IPs or host names, with the port unless it is 3260.',
      chapAuthDiscovery: 'Authenticate iSCSI discovery with CHAP.',
      chapAuthSession: 'Authenticate the iSCSI session with CHAP.',
      secretRef: 'The Secret with the CHAP credentials.',
      initiatorName: 'A custom initiator name; then a new interface <target portal>:<volume name> is made for the connection.',
    },
  },
  'core/v1.GlusterfsVolumeSource': {
    description: 'A GlusterFS mount. No longer supported.',
    fields: {
      endpoints: 'The Endpoints object that lists the servers of the Glusterfs cluster. Required.',
      path: 'The name of the Glusterfs volume. Required.',
      readOnly: READ_ONLY,
    },
  },
  'core/v1.PersistentVolumeClaimVolumeSource': {
    description: 'The volume bound to a PersistentVolumeClaim of the namespace of the pod.',
    fields: {
      claimName: 'The name of the PersistentVolumeClaim. Required.',
      readOnly: READ_ONLY,
    },
  },
  'core/v1.RBDVolumeSource': {
    description: 'A Ceph RBD image. No longer supported.',
    fields: {
      monitors: 'The Ceph monitors. Required.',
      image: 'The name of the image. Required.',
      fsType: FS_TYPE,
      pool: 'The RADOS pool (default rbd).',
      user: 'The RADOS user (default admin).',
      keyring: 'The keyring file of the user (default /etc/ceph/keyring).',
      secretRef: 'The Secret with the authentication of the user, instead of the keyring.',
      readOnly: READ_ONLY,
    },
  },
  'core/v1.FlexVolumeSource': {
    description: 'A volume that a FlexVolume driver (a program on the node) mounts.',
    fields: {
      driver: 'The name of the driver. Required.',
      fsType: 'The filesystem of the volume (default: as the driver chooses).',
      secretRef: 'A Secret handed to the driver.',
      readOnly: READ_ONLY,
      options: 'Further options for the driver.',
    },
  },
  'core/v1.CinderVolumeSource': {
    description: 'An OpenStack Cinder volume; it must exist.',
    fields: {
      volumeID: 'The ID of the Cinder volume. Required.',
      fsType: FS_TYPE,
      readOnly: READ_ONLY,
      secretRef: 'A Secret with the parameters for connecting to OpenStack.',
    },
  },
  'core/v1.CephFSVolumeSource': {
    description: 'A CephFS mount. No longer supported.',
    fields: {
      monitors: 'The Ceph monitors. Required.',
      path: 'The path within the filesystem to mount (default /).',
      user: 'The RADOS user (default admin).',
      secretFile: 'The keyring file of the user (default /etc/ceph/user.secret).',
      secretRef: 'The Secret with the authentication of the user, instead of secretFile.',
      readOnly: READ_ONLY,
    },
  },
  'core/v1.FlockerVolumeSource': {
    description: 'A Flocker dataset; the Flocker control service must be running. No longer supported.',
    fields: {
      datasetName: 'The name of the dataset, kept as metadata; set this or datasetUUID.',
      datasetUUID: 'The UUID of the dataset; set this or datasetName.',
    },
  },
  'core/v1.DownwardAPIVolumeSource': {
    description: 'Fields of the pod and resources of its containers as files.',
    fields: {
      items: 'The files, each with one field or resource.',
      defaultMode: DEFAULT_MODE,
    },
  },
  'core/v1.DownwardAPIVolumeFile': {
    description: 'A file with one field of the pod or one resource of a container.',
    fields: {
      path: 'The relative path of the file; it may not be absolute or contain "..". Required.',
      fieldRef: 'A field of the pod: metadata.name, metadata.namespace, metadata.uid, metadata.labels or metadata.annotations.',
      resourceFieldRef: 'A limit or request of a container: limits.cpu, limits.memory, requests.cpu, requests.memory, ...',
      mode: ITEM_MODE,
    },
  },
  'core/v1.FCVolumeSource': {
    description: 'A Fibre Channel disk; read-write by one pod at a time, read-only by many.',
    fields: {
      targetWWNs: 'The world wide names of the target ports.',
      lun: 'The logical unit number of the target.',
      fsType: FS_TYPE,
      readOnly: READ_ONLY,
      wwids: 'The world wide identifiers of the volume; set these, or targetWWNs with lun.',
    },
  },
  'core/v1.AzureFileVolumeSource': {
    description: 'An Azure File share.',
    fields: {
      secretName: 'The Secret with the name and key of the storage account. Required.',
      shareName: 'The name of the share. Required.',
      readOnly: READ_ONLY,
    },
  },
  'core/v1.VsphereVirtualDiskVolumeSource': {
    description: 'A vSphere virtual disk.',
    fields: {
      volumePath: 'The path of the disk. Required.',
      fsType: FS_TYPE,
      storagePolicyName: 'The name of the storage policy based management (SPBM) profile.',
      storagePolicyID: 'The ID of the storage policy based management (SPBM) profile.',
    },
  },
  'core/v1.QuobyteVolumeSource': {
    description: 'A Quobyte volume. No longer supported.',
    fields: {
      registry: 'The Quobyte registries, as host:port pairs separated by commas. Required.',
      volume: 'The name of an existing Quobyte volume. Required.',
      readOnly: READ_ONLY,
      user: 'The user that access is mapped to (default: the service account user).',
      group: 'The group that access is mapped to (default: none).',
      tenant: 'The tenant that owns the volume, for dynamically provisioned volumes.',
    },
  },
  'core/v1.AzureDiskVolumeSource': {
    description: 'An Azure data disk.',
    fields: {
      diskName: 'The name of the data disk in blob storage. Required.',
      diskURI: 'The URI of the data disk in blob storage. Required.',
      cachingMode: 'The host caching mode (default ReadWrite).',
      fsType: FS_TYPE,
      readOnly: READ_ONLY,
      kind: 'How the disk is stored (default Shared).',
    },
  },
  'core/v1.PhotonPersistentDiskVolumeSource': {
    description: 'A Photon Controller persistent disk. No longer supported.',
    fields: {
      pdID: 'The ID of the disk. Required.',
      fsType: FS_TYPE,
    },
  },
  'core/v1.ProjectedVolumeSource': {
    description: 'Several sources projected into one directory.',
    fields: {
      sources: 'The sources; their files must not collide.',
      defaultMode: DEFAULT_MODE,
    },
  },
  'core/v1.VolumeProjection': {
    description: 'One source of a projected volume: exactly one member is set.',
    fields: {
      secret: 'Keys of a Secret.',
      downwardAPI: 'Fields of the pod and resources of its containers.',
      configMap: 'Keys of a ConfigMap.',
      serviceAccountToken: "A token of the pod's ServiceAccount.",
      clusterTrustBundle: 'The certificates of ClusterTrustBundles, as one PEM file. Alpha.',
    },
  },
  'core/v1.SecretProjection': {
    description: 'Keys of a Secret in a projected volume.',
    fields: {
      items: 'Which keys become which files; unset, every key becomes a file named after it. A listed key must exist unless optional.',
      optional: 'Whether the Secret, or a listed key, may be missing.',
    },
  },
  'core/v1.ConfigMapProjection': {
    description: 'Keys of a ConfigMap in a projected volume.',
    fields: {
      items: 'Which keys become which files; unset, every key becomes a file named after it. A listed key must exist unless optional.',
      optional: 'Whether the ConfigMap, or a listed key, may be missing.',
    },
  },
  'core/v1.DownwardAPIProjection': {
    description: 'Fields of the pod and resources of its containers in a projected volume.',
    fields: { items: 'The files, each with one field or resource.' },
  },
  'core/v1.ServiceAccountTokenProjection': {
    description: "A token of the pod's ServiceAccount as a file, renewed by the kubelet before it expires.",
    fields: {
      audience: 'The audience of the token, which its recipient must check (default: the API server).',
      expirationSeconds:
        'How long the token is to be valid, in seconds (at least 600, default 3600); it is renewed at 80% of that or after 24 hours.',
      path: 'The path of the file, relative to the volume. Required.',
    },
  },
  'core/v1.ClusterTrustBundleProjection': {
    description: 'The certificates of ClusterTrustBundles as one PEM file: one bundle by name, or those of a signer chosen by labels.',
    fields: {
      name: 'One ClusterTrustBundle, by name; not with signerName and labelSelector.',
      signerName: 'The ClusterTrustBundles of this signer.',
      labelSelector: 'With signerName, a label query over its bundles; an empty selector matches all of them.',
      optional: 'Start the pod even when no bundle is found, with an empty file (default false).',
      path: 'The path of the file, relative to the volume. Required.',
    },
  },
  'core/v1.PortworxVolumeSource': {
    description: 'A Portworx volume.',
    fields: {
      volumeID: 'The ID of the volume. Required.',
      fsType: FS_TYPE,
      readOnly: READ_ONLY,
    },
  },
  'core/v1.ScaleIOVolumeSource': {
    description: 'A ScaleIO volume. No longer supported.',
    fields: {
      gateway: 'The address of the ScaleIO API gateway. Required.',
      system: 'The name of the storage system. Required.',
      secretRef: 'The Secret with the credentials of the ScaleIO user. Required.',
      sslEnabled: 'Talk to the gateway over SSL (default false).',
      protectionDomain: 'The protection domain of the storage.',
      storagePool: 'The storage pool of the protection domain.',
      storageMode: 'ThickProvisioned or ThinProvisioned (default ThinProvisioned).',
      volumeName: 'The name of an existing volume of the system.',
      fsType: 'The filesystem of the volume (default xfs).',
      readOnly: READ_ONLY,
    },
  },
  'core/v1.StorageOSVolumeSource': {
    description: 'A StorageOS volume. No longer supported.',
    fields: {
      volumeName: 'The name of the volume, unique within its StorageOS namespace.',
      volumeNamespace: 'The StorageOS namespace of the volume (default: the namespace of the pod).',
      fsType: FS_TYPE,
      readOnly: READ_ONLY,
      secretRef: 'The Secret with the credentials of the StorageOS API.',
    },
  },
  'core/v1.CSIVolumeSource': {
    description: 'An ephemeral volume that a CSI driver provides for the pod.',
    fields: {
      driver: 'The name of the CSI driver, as registered in the cluster. Required.',
      readOnly: READ_ONLY,
      fsType: 'The filesystem, such as ext4; empty lets the driver choose.',
      volumeAttributes: 'Settings for the driver; what they mean is up to it.',
      nodePublishSecretRef: 'A Secret with sensitive data the driver needs to mount the volume; it may hold several keys.',
    },
  },
  'core/v1.EphemeralVolumeSource': {
    description: 'A PersistentVolumeClaim made for one pod, which lives and dies with the pod.',
    fields: {
      volumeClaimTemplate:
        'The claim to make, named <pod name>-<volume name> and owned by the pod. Required; the claim is not updated when the template is.',
    },
  },
  'core/v1.PersistentVolumeClaimTemplate': {
    description: 'The PersistentVolumeClaim an ephemeral volume makes.',
    fields: {
      metadata: 'Labels and annotations copied to the claim; other fields are rejected.',
      spec: 'The specification of the claim, copied to it unchanged. Required.',
    },
  },
  'core/v1.ImageVolumeSource': {
    description: 'An OCI image or artifact mounted read-only; noexec on Linux.',
    fields: {
      reference: 'The image or artifact, as a container image reference; required unless a higher level controller fills it in.',
      pullPolicy: 'When the image is pulled (default Always for the :latest tag, IfNotPresent otherwise).',
    },
  },
  'core/v1.LocalObjectReference': {
    description: 'An object in the same namespace, by name.',
    fields: { name: LOCAL_NAME },
  },
  'core/v1.TypedLocalObjectReference': {
    description: 'An object of some kind in the same namespace.',
    fields: {
      apiGroup: 'The API group of the kind; empty or unset for the core group.',
      kind: 'The kind of the object. Required.',
      name: 'The name of the object. Required.',
    },
  },
  'core/v1.TypedObjectReference': {
    description: 'An object of some kind, by namespace and name.',
    fields: {
      apiGroup: 'The API group of the kind; empty or unset for the core group.',
      kind: 'The kind of the object. Required.',
      name: 'The name of the object. Required.',
      namespace:
        'The namespace of the object (default: the same namespace). Another namespace needs a ReferenceGrant there that allows it, and feature CrossNamespaceVolumeDataSource.',
    },
  },

  // ---------------------------------------------------------------- persistent volume claims
  'core/v1.PersistentVolumeClaim': {
    description: 'A request for storage, which the cluster binds to one PersistentVolume that meets it.',
    fields: {
      spec: 'The storage asked for.',
      status: 'The current state of the claim, such as its binding and capacity; read-only.',
    },
  },
  'core/v1.PersistentVolumeClaimSpec': {
    description: 'The storage a claim asks for, and the settings of the volume it gets.',
    fields: {
      accessModes: 'How the volume must be mountable; at least one mode.',
      selector: 'A label query over the volumes that may be bound to the claim.',
      resources:
        'The least storage the volume must have (requests.storage). It may be raised later, when the StorageClass allows resizing, but not lowered below the current capacity.',
      volumeName: 'Binds the claim to the PersistentVolume of this name.',
      storageClassName: 'The StorageClass the volume must belong to. Empty asks for a volume without a class; unset, the default class.',
      volumeMode: 'Whether the volume is mounted with a filesystem or handed over as a raw block device (default Filesystem).',
      dataSource:
        'An existing VolumeSnapshot or PersistentVolumeClaim to fill the new volume from, or, with a volume populator, an object of another kind. Kept equal to dataSourceRef when either is set alone.',
      dataSourceRef:
        'The object to fill the new volume from: like dataSource, but any object of a kind a populator handles, and (with feature CrossNamespaceVolumeDataSource) one in another namespace.',
      volumeAttributesClassName:
        'The VolumeAttributesClass that sets the mutable attributes of the volume; it can be changed later. Beta, off by default.',
    },
  },
  'core/v1.VolumeResourceRequirements': {
    description: 'The storage a claim needs.',
    fields: {
      limits: 'The most of each resource the volume may have.',
      requests: 'The least of each resource the volume must have; defaults to the limit when only a limit is given.',
    },
  },
  'core/v1.PersistentVolumeClaimStatus': {
    description: 'The observed state of a PersistentVolumeClaim.',
    fields: {
      phase: 'Where the claim is in its lifecycle.',
      accessModes: 'The access modes of the bound volume.',
      capacity: 'The resources of the bound volume.',
      conditions: 'The current conditions of the claim, such as Resizing.',
      allocatedResources: 'The resources allocated to the claim while it is resized; they may be more than it asks for.',
      allocatedResourceStatuses: 'The state of the resize of each resource, such as storage.',
      currentVolumeAttributesClassName: 'The VolumeAttributesClass the volume has now. Beta.',
      modifyVolumeStatus: 'The state of a change of the VolumeAttributesClass under way; unset when none is. Beta.',
    },
  },
  'core/v1.PersistentVolumeClaimCondition': {
    description: 'One aspect of the state of a PersistentVolumeClaim.',
    fields: {
      type: 'The kind of condition, such as Resizing or FileSystemResizePending.',
      ...CONDITION,
      reason: 'A one-word CamelCase reason for the last transition; for a resize, which step is under way.',
    },
  },
  'core/v1.ModifyVolumeStatus': {
    description: 'A change of the VolumeAttributesClass of a claim under way.',
    fields: {
      targetVolumeAttributesClassName: 'The VolumeAttributesClass being applied.',
      status: 'How the change is going.',
    },
  },

  // ---------------------------------------------------------------- services
  'core/v1.Service': {
    description:
      'A stable name and virtual address for a set of pods, chosen by labels, with traffic balanced over them; or a DNS alias of an external name.',
    fields: {
      spec: 'How the Service is exposed and which pods receive its traffic.',
      status: 'The current state of the Service, such as its load balancer; read-only.',
    },
  },
  'core/v1.ServiceSpec': {
    description: 'How a Service is exposed and where its traffic goes.',
    fields: {
      ports: 'The ports the Service exposes.',
      selector:
        'Pods with these labels receive the traffic of the Service. Empty or unset: its endpoints are managed by someone else. Ignored for ExternalName.',
      clusterIP:
        'The virtual IP of the Service, allocated unless given; "None" makes a headless Service (DNS only, no proxying). It can only change together with type.',
      clusterIPs: 'The cluster IPs of the Service, at most one per IP family; the first one is clusterIP.',
      type: 'How the Service is exposed (default ClusterIP).',
      externalIPs: 'IPs, managed outside the cluster, at which the nodes also accept traffic for the Service.',
      sessionAffinity: 'Whether the requests of one client go to the same pod (default None).',
      loadBalancerIP:
        'Deprecated: an IP asked of the load balancer, when its provider supports it; use an annotation of the implementation instead.',
      loadBalancerSourceRanges: 'The client CIDRs the load balancer admits, when its provider supports it.',
      externalName: 'The DNS name an ExternalName Service is an alias (CNAME) of; a lowercase DNS name.',
      externalTrafficPolicy: 'How traffic from outside, through node ports or the load balancer, reaches the endpoints.',
      healthCheckNodePort:
        'The node port the load balancer checks, for a LoadBalancer Service with externalTrafficPolicy Local; allocated unless given.',
      publishNotReadyAddresses:
        'Publish the addresses of pods that are not ready as well, for example for peers that find each other through a headless Service (default false).',
      sessionAffinityConfig: 'Settings of session affinity.',
      ipFamilies: 'The IP families of the Service, in order; chosen by the system from ipFamilyPolicy when unset.',
      ipFamilyPolicy: 'Whether the Service gets one IP family or two (default SingleStack, or as ipFamilies says).',
      allocateLoadBalancerNodePorts: 'Whether a LoadBalancer Service gets node ports (default true).',
      loadBalancerClass: 'The load balancer implementation of a LoadBalancer Service (default: that of the cloud provider). Immutable.',
      internalTrafficPolicy: 'How traffic from inside the cluster to the cluster IP reaches the endpoints (default Cluster).',
      trafficDistribution:
        'A preference for how traffic is spread over the endpoints, such as PreferClose (endpoints close in the topology first). Beta.',
    },
  },
  'core/v1.ServicePort': {
    description: 'A port of a Service and where its traffic goes.',
    fields: {
      name: 'The name of the port, a DNS label unique in the Service; required when there are several ports.',
      protocol: 'The IP protocol of the port (default TCP).',
      appProtocol:
        'The application protocol, as an IANA service name (such as http), an orchestrator.io/ name, or a domain-prefixed name (such as example.com/proto).',
      port: 'The port the Service exposes. Required.',
      targetPort: 'The port of the pods the traffic goes to, by number or by name (default: the same as port).',
      nodePort: 'The port on every node, for NodePort and LoadBalancer Services; allocated unless given.',
    },
  },
  'core/v1.SessionAffinityConfig': {
    description: 'Settings of the session affinity of a Service.',
    fields: { clientIP: 'Settings of ClientIP affinity.' },
  },
  'core/v1.ClientIPConfig': {
    description: 'Settings of ClientIP session affinity.',
    fields: { timeoutSeconds: 'How long a client keeps its pod, in seconds (1 to 86400, default 10800: three hours).' },
  },
  'core/v1.ServiceStatus': {
    description: 'The observed state of a Service.',
    fields: {
      loadBalancer: 'The load balancer of the Service, if it has one.',
      conditions: 'The current conditions of the Service.',
    },
  },
  'core/v1.LoadBalancerStatus': {
    description: 'The status of a load balancer.',
    fields: { ingress: 'The points where the load balancer receives traffic.' },
  },
  'core/v1.LoadBalancerIngress': {
    description: 'One point where a load balancer receives traffic.',
    fields: {
      ip: 'The IP of the point, for load balancers reached by IP.',
      hostname: 'The DNS name of the point, for load balancers reached by name.',
      ipMode: 'How traffic to the IP reaches the nodes (default VIP).',
      ports: 'The ports of the Service, with their status at this point.',
    },
  },
  'core/v1.PortStatus': {
    description: 'The status of one port of a load balancer.',
    fields: {
      port: 'The port number. Required.',
      protocol: 'The protocol of the port. Required.',
      error:
        'Why the port has a problem: a built-in CamelCase reason, or <domain>/CamelCase for a reason of a specific provider. Empty when it works.',
    },
  },
};

export const enums = {
  'core/v1.ConditionStatus': {
    True: 'the condition holds.',
    False: 'the condition does not hold.',
    Unknown: 'whether the condition holds cannot be told.',
  },
  'core/v1.RestartPolicy': {
    Always: 'restarts a container whenever it exits.',
    OnFailure: 'restarts a container only when it exits with a non-zero status.',
    Never: 'never restarts a container.',
  },
  'core/v1.ContainerRestartPolicy': {
    Always: 'makes an init container a sidecar, restarted whenever it exits, for as long as the pod runs.',
  },
  'core/v1.DNSPolicy': {
    ClusterFirst:
      'asks the cluster DNS first, which forwards names outside the cluster domain to the upstream servers of the node; pods with hostNetwork fall back to Default.',
    ClusterFirstWithHostNet: 'is ClusterFirst for pods with hostNetwork as well.',
    Default: 'uses the DNS configuration of the node.',
    None: 'ignores the cluster settings: dnsConfig is the whole configuration.',
  },
  'core/v1.PullPolicy': {
    Always: 'pulls the image every time a container starts; the container fails to start when the pull fails.',
    IfNotPresent: 'pulls the image only when the node does not have it.',
    Never: 'never pulls: the container fails to start when the node does not have the image.',
  },
  'core/v1.Protocol': {
    SCTP: 'is the Stream Control Transmission Protocol.',
    TCP: 'is the Transmission Control Protocol.',
    UDP: 'is the User Datagram Protocol.',
  },
  'core/v1.TerminationMessagePolicy': {
    File: 'reads the message from terminationMessagePath only.',
    FallbackToLogsOnError:
      'also uses the end of the log of the container (at most 2048 bytes or 80 lines) when the file is empty and the container failed.',
  },
  'core/v1.URIScheme': {
    HTTP: 'connects with plain HTTP.',
    HTTPS: 'connects with HTTPS, without checking the certificate.',
  },
  'core/v1.MountPropagationMode': {
    None: 'propagates no mounts: the container does not see what is mounted on the node later, nor the node what the container mounts.',
    HostToContainer: 'lets later mounts of the node (in this volume or below it) show in the container, but not the other way.',
    Bidirectional: 'propagates mounts both ways, between the node and the container; for privileged containers only.',
  },
  'core/v1.RecursiveReadOnlyMode': {
    Disabled: 'leaves submounts as they are.',
    IfPossible: 'makes submounts read-only when the container runtime can, and leaves them otherwise.',
    Enabled: 'makes submounts read-only, or fails to start the container when the runtime cannot.',
  },
  'core/v1.ResourceResizeRestartPolicy': {
    NotRequired: 'changes the resource without restarting the container, where possible.',
    RestartContainer: 'restarts the container to apply the change.',
  },
  'core/v1.HostPathType': {
    '': 'checks nothing before mounting.',
    DirectoryOrCreate: 'wants a directory, which is created empty (mode 0755, owned like the kubelet) when missing.',
    Directory: 'wants an existing directory.',
    FileOrCreate: 'wants a file, which is created empty (mode 0644, owned like the kubelet) when missing.',
    File: 'wants an existing file.',
    Socket: 'wants an existing UNIX socket.',
    CharDevice: 'wants an existing character device.',
    BlockDevice: 'wants an existing block device.',
  },
  'core/v1.AzureDataDiskCachingMode': {
    None: 'caches nothing on the host.',
    ReadOnly: 'caches reads on the host.',
    ReadWrite: 'caches reads and writes on the host.',
  },
  'core/v1.AzureDataDiskKind': {
    Shared: 'puts several blob disks in one storage account.',
    Dedicated: 'gives each blob disk a storage account of its own.',
    Managed: 'is an Azure managed data disk.',
  },
  'core/v1.PersistentVolumeAccessMode': {
    ReadWriteOnce: 'read-write, mounted by a single node.',
    ReadOnlyMany: 'read-only, mounted by many nodes.',
    ReadWriteMany: 'read-write, mounted by many nodes.',
    ReadWriteOncePod: 'read-write, mounted by a single pod.',
  },
  'core/v1.PersistentVolumeMode': {
    Block: 'hands the volume over as a raw block device, without a filesystem.',
    Filesystem: 'mounts the volume with a filesystem, formatting it first when needed.',
  },
  'core/v1.PersistentVolumeClaimPhase': {
    Pending: 'is not bound yet.',
    Bound: 'is bound to a volume.',
    Lost: 'has lost its bound volume; the data on it is gone.',
  },
  'core/v1.ClaimResourceStatus': {
    ControllerResizeInProgress: 'the controller is resizing the volume.',
    ControllerResizeInfeasible: 'the controller found the resize impossible; a smaller size may be asked for.',
    NodeResizePending: 'the controller has resized the volume; the node must still resize its filesystem.',
    NodeResizeInProgress: 'the node is resizing the filesystem.',
    NodeResizeInfeasible: 'the node found the resize impossible.',
  },
  'core/v1.PersistentVolumeClaimModifyVolumeStatus': {
    Pending: 'waits for something, such as the class to exist.',
    InProgress: 'is being applied.',
    Infeasible: 'was rejected by the driver as invalid; another class may be asked for.',
  },
  'core/v1.PreemptionPolicy': {
    PreemptLowerPriority: 'may evict pods of lower priority to make room.',
    Never: 'never evicts other pods; the pod waits for room.',
  },
  'core/v1.NodeSelectorOperator': {
    In: 'the value is one of the values.',
    NotIn: 'the value is none of the values (or the key is missing).',
    Exists: 'the key is there, whatever its value.',
    DoesNotExist: 'the key is not there.',
    Gt: 'the value, read as an integer, is greater than the one value given.',
    Lt: 'the value, read as an integer, is less than the one value given.',
  },
  'core/v1.TaintEffect': {
    NoSchedule: 'keeps new pods that do not tolerate the taint off the node.',
    PreferNoSchedule: 'makes the scheduler avoid the node for pods that do not tolerate the taint.',
    NoExecute: 'evicts running pods that do not tolerate the taint, and keeps new ones off the node.',
  },
  'core/v1.TolerationOperator': {
    Exists: 'matches any value of the key.',
    Equal: 'matches only the given value.',
  },
  'core/v1.UnsatisfiableConstraintAction': {
    DoNotSchedule: 'leaves the pod unscheduled.',
    ScheduleAnyway: 'schedules the pod anyway, preferring nodes that keep the skew low.',
  },
  'core/v1.NodeInclusionPolicy': {
    Honor: 'counts only the nodes that pass the filter.',
    Ignore: 'counts all nodes.',
  },
  'core/v1.OSName': {
    linux: 'is Linux.',
    windows: 'is Windows.',
  },
  'core/v1.PodFSGroupChangePolicy': {
    OnRootMismatch: 'changes ownership and permissions only when those of the root directory of the volume do not match.',
    Always: 'changes ownership and permissions every time the volume is mounted.',
  },
  'core/v1.SupplementalGroupsPolicy': {
    Merge: 'adds the groups the /etc/group file of the image gives the user of the container.',
    Strict: 'uses only fsGroup, supplementalGroups and runAsGroup.',
  },
  'core/v1.PodSELinuxChangePolicy': {
    Recursive: 'relabels every file of each volume.',
    MountOption: 'mounts each volume with the context mount option where the volume and its driver support it.',
  },
  'core/v1.SeccompProfileType': {
    Unconfined: 'applies no profile.',
    RuntimeDefault: 'applies the default profile of the container runtime.',
    Localhost: 'applies a profile file of the node, named by localhostProfile.',
  },
  'core/v1.AppArmorProfileType': {
    Unconfined: 'applies no profile.',
    RuntimeDefault: 'applies the default profile of the container runtime.',
    Localhost: 'applies a profile loaded on the node, named by localhostProfile.',
  },
  'core/v1.ProcMountType': {
    Default: 'masks parts of /proc and makes others read-only, as the container runtime does by default.',
    Unmasked: 'masks nothing of /proc.',
  },
  'core/v1.PodPhase': {
    Pending: 'is accepted, but not all of its containers run yet (it may wait for scheduling or images).',
    Running: 'is on a node with all containers created; at least one is running, starting or restarting.',
    Succeeded: 'has all containers ended with success; they will not be restarted.',
    Failed: 'has all containers ended, at least one of them with a failure.',
    Unknown: 'could not be observed, usually because its node cannot be reached.',
  },
  'core/v1.PodQOSClass': {
    Guaranteed: 'every container has requests equal to its limits for cpu and memory.',
    Burstable: 'some container has a request or limit, but the pod is not Guaranteed.',
    BestEffort: 'no container has any request or limit.',
  },
  'core/v1.PodResizeStatus': {
    Proposed: 'is asked for but not yet handled.',
    InProgress: 'is accepted and being applied.',
    Deferred: 'cannot be done now; it is tried again later.',
    Infeasible: 'cannot be done on this node.',
  },
  'core/v1.ResourceHealthStatus': {
    Healthy: 'the device works.',
    Unhealthy: 'the device does not work.',
    Unknown: 'the health of the device cannot be told.',
  },
  'core/v1.ServiceAffinity': {
    ClientIP: 'sends the requests of one client IP to the same pod.',
    None: 'balances every request on its own.',
  },
  'core/v1.ServiceType': {
    ClusterIP: 'gives the Service a virtual IP reachable inside the cluster.',
    NodePort: 'adds a port on every node to a cluster IP.',
    LoadBalancer: 'adds an external load balancer to a node port.',
    ExternalName: 'makes the Service a DNS alias (CNAME) of externalName, without proxying.',
  },
  'core/v1.ServiceExternalTrafficPolicy': {
    Cluster: 'sends traffic to endpoints anywhere in the cluster; balanced, but the client IP is hidden.',
    Local: 'sends traffic only to endpoints on the node that received it, keeping the client IP; dropped where there are none.',
  },
  'core/v1.ServiceInternalTrafficPolicy': {
    Cluster: 'sends traffic to all endpoints.',
    Local: 'sends traffic only to endpoints on the node of the client; dropped where there are none.',
  },
  'core/v1.IPFamily': {
    '': 'is an unknown family, not accepted in a spec.',
    IPv4: 'is IPv4.',
    IPv6: 'is IPv6.',
  },
  'core/v1.IPFamilyPolicy': {
    SingleStack: 'gives the Service one IP family.',
    PreferDualStack: 'gives the Service two IP families where the cluster has both, one otherwise.',
    RequireDualStack: 'gives the Service two IP families, and fails on a cluster with one.',
  },
  'core/v1.LoadBalancerIPMode': {
    VIP: 'delivers traffic to the nodes with the load balancer IP as its destination.',
    Proxy: 'delivers traffic to the nodes or pods with their own IP as its destination.',
  },
};
