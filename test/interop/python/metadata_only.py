"""The python client asking for metadata only, as metadata informers do, against orch-apiserver.

Run by test/interop/python-metadata.test.ts with the server's URL. The client has no
metadata-only API: its ApiClient sends the request with the Accept header a metadata informer
sends (client-go's, JSON first), and decodes the answer as plain JSON. Prints one JSON document
of what it saw, which the test checks.
"""
import json
import sys

from kubernetes import client
from kubernetes.client.rest import ApiException

configuration = client.Configuration()
configuration.host = sys.argv[1]
api_client = client.ApiClient(configuration)
core = client.CoreV1Api(api_client)
PATH = "/api/v1/namespaces/default/configmaps"
LIST = "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json"
ONE = "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json"
seen = {}


def raw(path, accept, query=None, stream=False):
    return api_client.call_api(
        path,
        "GET",
        query_params=query or [],
        header_params={"Accept": accept},
        response_type="object",
        _return_http_data_only=True,
        _preload_content=not stream,
    )


def shape(obj):
    return {"kind": obj.get("kind"), "apiVersion": obj.get("apiVersion"), "keys": sorted(obj)}


for name in ("m1", "m2"):
    core.create_namespaced_config_map("default", {"metadata": {"name": name, "labels": {"app": name}}, "data": {"k": "v"}})

listed = raw(PATH, LIST)
seen["list"] = shape(listed)
seen["listHasResourceVersion"] = bool(listed["metadata"].get("resourceVersion"))
seen["items"] = [dict(shape(i), name=i["metadata"]["name"], labels=i["metadata"].get("labels")) for i in listed["items"]]

page = raw(PATH, LIST, [("limit", 1)])
seen["page"] = {"items": len(page["items"]), "hasContinue": bool(page["metadata"].get("continue"))}

got = raw(PATH + "/m1", ONE)
seen["get"] = dict(shape(got), name=got["metadata"]["name"])

try:
    raw(PATH, "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1")
    seen["mismatch"] = "accepted"
except ApiException as e:
    seen["mismatch"] = {"status": e.status, "message": json.loads(e.body)["message"]}

core.create_namespaced_config_map("default", {"metadata": {"name": "m3"}, "data": {"k": "v"}})
stream = raw(PATH, ONE, [("watch", "true"), ("resourceVersion", listed["metadata"]["resourceVersion"]), ("timeoutSeconds", 5)], stream=True)
seen["watchContentType"] = stream.headers.get("Content-Type")
line = b""
for chunk in stream.stream(1024):
    line += chunk
    if b"\n" in line:
        break
stream.release_conn()
event = json.loads(line.split(b"\n")[0])
seen["watch"] = dict(shape(event["object"]), type=event["type"], name=event["object"]["metadata"]["name"])

print(json.dumps(seen))
