/*
 * h_meta.c - handlers about the service itself: /healthz, /v1/version and
 * /openapi.json.
 *
 * /healthz answers from a static body: load balancers and the tests poll
 * it, and it must not depend on anything that can fail.
 */
#include "api_int.h"

#include "wb_config.h"

static const char healthz_body[] = "{\"status\":\"ok\"}";

void api_h_healthz(api_req *r)
{
    api_reply_static(r, 200, "application/json", "no-store", healthz_body,
                     sizeof healthz_body - 1);
}

void api_h_version(api_req *r)
{
    json_t *ids = json_array();
    json_t *o = json_object();
    int rc = !ids || !o;
    size_t n = dict_lib_count(r->ctx->dicts);
    for (size_t i = 0; !rc && i < n; i++) {
        dict_info info;
        dict_get_info(dict_lib_at(r->ctx->dicts, i), &info);
        rc |= json_array_append_new(ids, json_string(info.id));
    }
    if (!rc) {
        rc |= json_object_set_new(o, "name", json_string("wibbelld"));
        rc |= json_object_set_new(o, "version", json_string(WB_VERSION));
        rc |= json_object_set(o, "dictionaries", ids);
    }
    json_decref(ids);
    if (rc) {
        json_decref(o);
        o = NULL;
    }
    api_reply_json(r, 200, o);
}

void api_h_openapi(api_req *r)
{
    /* The document changes only with the binary. */
    api_reply_static(r, 200, "application/json", "public, max-age=300",
                     (const char *)api_openapi_json, api_openapi_json_len);
}
