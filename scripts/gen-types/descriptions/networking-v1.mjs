/**
 * What the networking/v1 types and their fields mean, in this project's words (from the field
 * tables of the API's specification where they cover a field). See core-v1.mjs for the format.
 */

export const types = {
  'networking/v1.Ingress': {
    description:
      'Rules that let inbound HTTP connections reach Services of the cluster: externally reachable URLs, load balancing, TLS termination and name based virtual hosting, carried out by an ingress controller.',
    fields: {
      spec: 'The desired routing of the Ingress.',
      status: 'The current state of the Ingress, such as the addresses of its load balancer.',
    },
  },
  'networking/v1.IngressSpec': {
    description: 'The routing an Ingress asks its controller for.',
    fields: {
      ingressClassName:
        'The IngressClass (a cluster-scoped resource) whose controller serves this Ingress. It replaces the deprecated annotation orchestrator.io/ingress.class, which controllers still honour when present.',
      defaultBackend:
        'Where requests that match no rule go; required when there are no rules. When unset, unmatched requests are handled as the controller decides.',
      tls: 'TLS settings; only port 443 is supported. Entries for different hosts share port 443 through SNI when the controller supports it.',
      rules:
        'Host and path rules; requests match by host first, then by path. Unset or unmatched: all traffic goes to the default backend.',
    },
  },
  'networking/v1.IngressBackend': {
    description: 'Where matching requests go: a Service, or another resource of the Ingress namespace, not both.',
    fields: {
      service: 'A Service of the Ingress namespace, by name and port.',
      resource: 'Another object in the namespace of the Ingress, such as a storage bucket of a custom kind; then service must not be set.',
    },
  },
  'networking/v1.IngressServiceBackend': {
    description: 'A Service that receives requests, by name and port.',
    fields: {
      name: 'The name of the Service, in the same namespace as the Ingress. Required.',
      port: 'The port of the Service; a port name or number is required.',
    },
  },
  'networking/v1.ServiceBackendPort': {
    description: 'A port of a Service, by name or by number.',
    fields: {
      name: 'The name of the port, as the Service declares it; not together with number.',
      number: 'The number of the port; not together with name.',
    },
  },
  'networking/v1.IngressTLS': {
    description: 'A TLS certificate and the hosts it serves.',
    fields: {
      hosts: "Hosts the certificate is for; they must match the names in the Secret. Default: the controller's wildcard host setting.",
      secretName:
        'The Secret that terminates TLS on port 443. Optional, so that routing can use the SNI host name alone; when the SNI host and the Host header of a rule differ, SNI chooses the certificate and the Host header the route.',
    },
  },
  'networking/v1.IngressRule': {
    description: 'Routes the requests for one host (or for all hosts) to backends.',
    fields: {
      host: 'A fully qualified domain name, with the deviations of RFC 3986 that URLs need: no IP addresses, no port (80 for http, 443 for https are implied), no final dot. A request matches when its Host header equals it. A leading "*." label matches exactly one label of the header ("*.foo.com" matches "bar.foo.com", not "foo.com"); "*" alone is invalid. Unset: the rule applies to every host.',
    },
  },
  'networking/v1.IngressRuleValue': {
    description: 'What a rule does with the requests for its host: currently only HTTP routing.',
    fields: {
      http: 'HTTP paths that route requests to backends; a request path is the part of the URL after the host and before any "?" or "#".',
    },
  },
  'networking/v1.HTTPIngressRuleValue': {
    description: 'A list of HTTP paths with their backends, such as http://<host>/<path>?<query> -> backend.',
    fields: {
      paths: 'The paths that route requests to backends. Required.',
    },
  },
  'networking/v1.HTTPIngressPath': {
    description: 'A path and the backend that receives the requests that match it.',
    fields: {
      path: 'The path matched against the request path; it must start with "/". Required for pathType Exact and Prefix.',
      pathType:
        'How path is matched. Required. Implementations support every type; when several paths match, the longest one wins, and Exact wins over Prefix.',
      backend: 'Where the matching requests go. Required.',
    },
  },
  'networking/v1.IngressStatus': {
    description: 'The observed state of an Ingress.',
    fields: {
      loadBalancer: 'The load balancer that serves the Ingress.',
    },
  },
  'networking/v1.IngressLoadBalancerStatus': {
    description: 'The status of the load balancer of an Ingress.',
    fields: {
      ingress: 'The points where the load balancer receives traffic.',
    },
  },
  'networking/v1.IngressLoadBalancerIngress': {
    description: 'One point where the load balancer of an Ingress receives traffic.',
    fields: {
      ip: 'The IP of the point, for load balancers reached by IP.',
      hostname: 'The DNS name of the point, for load balancers reached by name.',
      ports: 'The ports of the point, with their status.',
    },
  },
  'networking/v1.IngressPortStatus': {
    description: 'The status of one port of an Ingress load balancer.',
    fields: {
      port: 'The port number. Required.',
      protocol: 'The protocol of the port. Required.',
      error:
        'Why the port has a problem: a built-in CamelCase reason, or <domain>/CamelCase for a reason of a specific implementation. Empty when it works.',
    },
  },
  'networking/v1.IngressClass': {
    description:
      'A kind of Ingress, served by one controller; Ingresses choose theirs by ingressClassName. The class annotated ingressclass.orchestrator.io/is-default-class: "true" is used for Ingresses that name none.',
    fields: {
      spec: 'The controller of the class and its parameters.',
    },
  },
  'networking/v1.IngressClassSpec': {
    description: 'Which controller serves the Ingresses of a class, and how.',
    fields: {
      controller:
        'The name of the controller that serves the class, a domain-prefixed path such as "example.com/ingress-controller". Immutable.',
      parameters: 'An object with further configuration for the controller; optional.',
    },
  },
  'networking/v1.IngressClassParametersReference': {
    description: 'A reference to the object that configures the controller of an IngressClass.',
    fields: {
      apiGroup: 'The API group of the object; empty for the core group.',
      kind: 'The kind of the object.',
      name: 'The name of the object.',
      scope: 'Cluster (default) for a cluster-scoped object, or Namespace for an object in the namespace named by namespace.',
      namespace: 'The namespace of the object; required when scope is Namespace, and not set otherwise.',
    },
  },
};

export const enums = {
  'networking/v1.PathType': {
    Exact: 'matches the request path exactly, case-sensitively.',
    Prefix:
      'matches element by element, splitting on "/": the elements of the path must be a prefix of those of the request path (so /foo/bar matches /foo/bar/baz but not /foo/barbaz), case-sensitively.',
    ImplementationSpecific: 'leaves matching to the IngressClass, which may treat it as a type of its own or as Exact or Prefix.',
  },
};
