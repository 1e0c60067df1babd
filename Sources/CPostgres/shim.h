#pragma once
#include <libpq-fe.h>

// The diagnostic field codes are character macros (postgres_ext.h), which Swift does
// not import: give the ones we read a name.
static const int pq_diag_sqlstate = 'C';
static const int pq_diag_message_primary = 'M';
// Type OIDs (catalog/pg_type_d.h is a server header): the parameter types we send.
static const unsigned int pq_oid_int8 = 20;
static const unsigned int pq_oid_float8 = 701;
static const unsigned int pq_oid_text = 25;
