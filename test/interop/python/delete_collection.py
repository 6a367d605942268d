"""The python client deleting a collection of ConfigMaps against orch-apiserver.

Run by test/interop/python-delete-collection.test.ts with the server's URL. The real server
answers a DELETE of a collection with the list of what it deleted; the client's typed call
(declared to return a V1Status) decodes that answer without error, keeping its kind, and the
same call without decoding gives the list itself. Prints one JSON document of what it saw.
"""
import json
import sys

from kubernetes import client

configuration = client.Configuration()
configuration.host = sys.argv[1]
core = client.CoreV1Api(client.ApiClient(configuration))
seen = {}


def make(*names):
    for name in names:
        core.create_namespaced_config_map("default", {"metadata": {"name": name, "labels": {"app": "py"}}, "data": {"k": name}})


make("d1", "d2")
typed = core.delete_collection_namespaced_config_map("default", label_selector="app=py")
seen["typed"] = {"type": type(typed).__name__, "kind": typed.kind, "apiVersion": typed.api_version}

make("d3", "d4")
raw = core.delete_collection_namespaced_config_map("default", label_selector="app=py", _preload_content=False)
body = json.loads(raw.data)
seen["raw"] = {
    "status": raw.status,
    "kind": body["kind"],
    "names": [i["metadata"]["name"] for i in body["items"]],
    "data": [i["data"] for i in body["items"]],
}
seen["left"] = [c.metadata.name for c in core.list_namespaced_config_map("default", label_selector="app=py").items]

print(json.dumps(seen))
