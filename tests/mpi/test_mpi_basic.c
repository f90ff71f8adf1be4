/*
 * The MPI layer through vmplrun: environment, communicators, groups,
 * point-to-point (every mode, wildcards, probe, persistent, truncation,
 * PROC_NULL), the Test/Wait any/some/all calls, datatypes, collectives,
 * error handlers. Run at 1..4, 8 and 16 ranks. Prints "mpi_basic (N ranks):
 * N passed, M failed" on rank 0 (counts sent point to point); exits
 * non-zero on any failure anywhere.
 */
#include <mpi.h>

#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_environment(void)
{
    int flag, version, subversion, len, provided;
    char name[MPI_MAX_PROCESSOR_NAME];

    MPI_Initialized(&flag);
    CHECK(flag, "MPI_Initialized");
    MPI_Get_version(&version, &subversion);
    CHECK(version == 4 && subversion == 1, "version %d.%d", version, subversion);
    MPI_Get_processor_name(name, &len);
    CHECK(len > 0 && (int)strlen(name) == len, "processor name");
    MPI_Query_thread(&provided);
    CHECK(provided == MPI_THREAD_SINGLE, "thread level %d", provided);
    CHECK(MPI_Wtime() >= 0 && MPI_Wtick() > 0, "Wtime/Wtick");
}

static void test_p2p(void)
{
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    int out[1000], in[1000], count;
    MPI_Status status;
    MPI_Request requests[4];

    for (int i = 0; i < 1000; i++)
        out[i] = rank * 100000 + i;
    /* ring with every mode */
    MPI_Sendrecv(out, 1000, MPI_INT, next, 7, in, 1000, MPI_INT, prev, 7, MPI_COMM_WORLD, &status);
    CHECK(in[999] == prev * 100000 + 999 && status.MPI_SOURCE == prev && status.MPI_TAG == 7,
          "sendrecv ring");
    MPI_Get_count(&status, MPI_INT, &count);
    CHECK(count == 1000, "get_count %d", count);
    MPI_Irecv(in, 1000, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &requests[0]);
    MPI_Issend(out, 10, MPI_INT, next, 3, MPI_COMM_WORLD, &requests[1]);
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    CHECK(requests[0] == MPI_REQUEST_NULL && in[9] == prev * 100000 + 9, "wildcard + issend");
    /* large message (rendezvous) */
    int big = 1 << 20;
    int *bout = malloc(sizeof(int) * big), *bin = calloc(big, sizeof(int));
    for (int i = 0; i < big; i++)
        bout[i] = i ^ rank;
    MPI_Sendrecv(bout, big, MPI_INT, next, 9, bin, big, MPI_INT, prev, 9, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    CHECK(bin[big - 1] == ((big - 1) ^ prev) && bin[12345] == (12345 ^ prev), "4 MiB sendrecv");
    free(bout);
    free(bin);
    /* probe then receive exactly that */
    MPI_Send(out, 5, MPI_INT, next, 11, MPI_COMM_WORLD);
    MPI_Probe(prev, 11, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    CHECK(count == 5 && status.MPI_SOURCE == prev, "probe count %d", count);
    MPI_Recv(in, count, MPI_INT, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    /* persistent */
    MPI_Send_init(out, 3, MPI_INT, next, 12, MPI_COMM_WORLD, &requests[0]);
    MPI_Recv_init(in, 3, MPI_INT, prev, 12, MPI_COMM_WORLD, &requests[1]);
    for (int round = 0; round < 3; round++) {
        out[0] = round;
        MPI_Startall(2, requests);
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        CHECK(in[0] == round, "persistent round %d", round);
    }
    MPI_Request_free(&requests[0]);
    MPI_Request_free(&requests[1]);
    /* PROC_NULL */
    MPI_Recv(in, 10, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &status);
    CHECK(status.MPI_SOURCE == MPI_PROC_NULL, "recv from PROC_NULL");
    /* truncation reported, with ERRORS_RETURN */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Send(out, 10, MPI_INT, next, 13, MPI_COMM_WORLD);
    int rc = MPI_Recv(in, 5, MPI_INT, prev, 13, MPI_COMM_WORLD, &status);
    int cls;
    MPI_Error_class(rc, &cls);
    CHECK(cls == MPI_ERR_TRUNCATE, "truncation class %d", cls);
    rc = MPI_Send(out, 1, MPI_INT, size + 5, 0, MPI_COMM_WORLD);
    CHECK(rc == MPI_ERR_RANK, "bad rank -> %d", rc);
    rc = MPI_Send(out, -1, MPI_INT, next, 0, MPI_COMM_WORLD);
    CHECK(rc == MPI_ERR_COUNT, "negative count -> %d", rc);
    rc = MPI_Send(out, 1, MPI_DATATYPE_NULL, next, 0, MPI_COMM_WORLD);
    CHECK(rc == MPI_ERR_TYPE, "null type -> %d", rc);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

static void test_datatypes(void)
{
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    double matrix[8][8], column[8];
    MPI_Datatype col;
    int tsize;
    MPI_Aint lb, extent;

    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            matrix[i][j] = rank * 100 + i * 8 + j;
    MPI_Type_vector(8, 1, 8, MPI_DOUBLE, &col);
    MPI_Type_commit(&col);
    MPI_Type_size(col, &tsize);
    MPI_Type_get_extent(col, &lb, &extent);
    CHECK(tsize == 64 && lb == 0 && extent == 7 * 64 + 8, "vector size %d extent %ld", tsize,
          (long)extent);
    MPI_Sendrecv(&matrix[0][3], 1, col, next, 20, column, 8, MPI_DOUBLE, prev, 20,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(column[5] == prev * 100 + 5 * 8 + 3, "column received %g", column[5]);
    int ni, na, nd, combiner, ints[3];
    MPI_Aint addrs[1];
    MPI_Datatype inner[1];
    MPI_Type_get_envelope(col, &ni, &na, &nd, &combiner);
    CHECK(combiner == MPI_COMBINER_VECTOR && ni == 3 && na == 0 && nd == 1, "vector envelope");
    MPI_Type_get_contents(col, 3, 0, 1, ints, addrs, inner);
    CHECK(ints[0] == 8 && ints[1] == 1 && ints[2] == 8 && inner[0] == MPI_DOUBLE,
          "vector contents %d %d %d", ints[0], ints[1], ints[2]);
    MPI_Type_get_envelope(MPI_INT, &ni, &na, &nd, &combiner);
    CHECK(combiner == MPI_COMBINER_NAMED, "named envelope");
    MPI_Type_free(&col);
    CHECK(col == MPI_DATATYPE_NULL, "type_free nulls the handle");
    int gsizes[1] = {8 * size}, distribs[1] = {MPI_DISTRIBUTE_BLOCK}, dargs[1] = {MPI_DISTRIBUTE_DFLT_DARG},
        psizes[1] = {size}, dsize;
    MPI_Datatype darray;
    MPI_Type_create_darray(size, rank, 1, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT,
                           &darray);
    MPI_Type_commit(&darray);
    MPI_Type_size(darray, &dsize);
    MPI_Type_get_extent(darray, &lb, &extent);
    CHECK(dsize == 8 * 4 && extent == 8 * size * 4, "darray block size %d extent %ld", dsize,
          (long)extent);
    MPI_Type_free(&darray);

    char packed[256];
    int position = 0, values[4] = {1, 2, 3, 4}, back[4];
    MPI_Pack(values, 4, MPI_INT, packed, sizeof(packed), &position, MPI_COMM_WORLD);
    CHECK(position == 16, "pack position %d", position);
    position = 0;
    MPI_Unpack(packed, sizeof(packed), &position, back, 4, MPI_INT, MPI_COMM_WORLD);
    CHECK(!memcmp(values, back, sizeof(back)), "unpack");
}

static void user_max_abs(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < *len; i++) {
        int a = abs(((int *)in)[i]), b = abs(((int *)inout)[i]);
        ((int *)inout)[i] = a > b ? a : b;
    }
}

static void test_collectives(void)
{
    int value = rank + 1, sum = 0, all[64], mine[3], scan = 0;
    double dvalue = rank * 0.5, dmax;

    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(sum == size * (size + 1) / 2, "allreduce sum %d", sum);
    MPI_Allreduce(&dvalue, &dmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    CHECK(dmax == (size - 1) * 0.5, "allreduce max %g", dmax);
    sum = value;
    MPI_Allreduce(MPI_IN_PLACE, &sum, 1, MPI_INT, MPI_PROD, MPI_COMM_WORLD);
    unsigned fact = 1; /* integer products wrap (13! does not fit an int) */
    for (unsigned r = 1; r <= (unsigned)size; r++)
        fact *= r;
    CHECK((unsigned)sum == fact, "in-place prod %d", sum);
    sum = 0;
    MPI_Reduce(&value, &sum, 1, MPI_INT, MPI_SUM, size - 1, MPI_COMM_WORLD);
    CHECK(rank != size - 1 || sum == size * (size + 1) / 2, "reduce to last %d", sum);
    int root_value = rank == 0 ? 4242 : 0;
    MPI_Bcast(&root_value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    CHECK(root_value == 4242, "bcast %d", root_value);
    MPI_Allgather(&value, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++)
        CHECK(all[r] == r + 1, "allgather[%d] = %d", r, all[r]);
    MPI_Gather(&value, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    CHECK(rank != 0 || all[size - 1] == size, "gather");
    for (int r = 0; r < size; r++)
        all[r] = rank * 10 + r;
    int got[64];
    MPI_Alltoall(all, 1, MPI_INT, got, 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++)
        CHECK(got[r] == r * 10 + rank, "alltoall[%d] = %d", r, got[r]);
    mine[0] = -1;
    MPI_Scatter(all, 1, MPI_INT, mine, 1, MPI_INT, 0, MPI_COMM_WORLD);
    CHECK(mine[0] == rank, "scatter %d", mine[0]);
    MPI_Scan(&value, &scan, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(scan == (rank + 1) * (rank + 2) / 2, "scan %d", scan);
    MPI_Op op;
    int signed_value = rank % 2 ? -(rank + 10) : rank, result;
    MPI_Op_create(user_max_abs, 1, &op);
    MPI_Allreduce(&signed_value, &result, 1, MPI_INT, op, MPI_COMM_WORLD);
    int expect_abs = 0;
    for (int r = 0; r < size; r++) {
        int v = r % 2 ? r + 10 : r;
        expect_abs = v > expect_abs ? v : expect_abs;
    }
    CHECK(result == expect_abs, "user op %d, expected %d", result, expect_abs);
    MPI_Op_free(&op);
}

static void test_communicators(void)
{
    MPI_Comm dup, half;
    int result, hrank, hsize, sum;

    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &result);
    CHECK(result == MPI_CONGRUENT, "dup congruent %d", result);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
    MPI_Comm_rank(half, &hrank);
    MPI_Comm_size(half, &hsize);
    CHECK(hsize == (size + 1 - rank % 2) / 2, "split size %d", hsize);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, half);
    int expect = 0;
    for (int r = rank % 2; r < size; r += 2)
        expect += r;
    CHECK(sum == expect, "allreduce on split %d vs %d", sum, expect);
    MPI_Group world_group, first;
    int zero = 0, translated;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_incl(world_group, 1, &zero, &first);
    MPI_Group_translate_ranks(first, 1, &zero, world_group, &translated);
    CHECK(translated == 0, "translate %d", translated);
    MPI_Group_free(&first);
    MPI_Group_free(&world_group);
    MPI_Comm_free(&half);
    MPI_Comm_free(&dup);
    CHECK(dup == MPI_COMM_NULL, "comm_free nulls");
    int self_rank, self_size;
    MPI_Comm_rank(MPI_COMM_SELF, &self_rank);
    MPI_Comm_size(MPI_COMM_SELF, &self_size);
    CHECK(self_rank == 0 && self_size == 1, "COMM_SELF");
}

static int deleted;

static int count_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    deleted++;
    return MPI_SUCCESS;
}

static void test_attributes_info_topology(void)
{
    int *tag_ub, flag, keyval, value = 17, *got;
    MPI_Comm dup, cart, row;
    MPI_Info info;
    char text[64];
    int buflen = sizeof(text), nkeys;

    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    CHECK(flag && *tag_ub >= 32767, "MPI_TAG_UB");
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, count_delete, &keyval, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, &value);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_attr(dup, keyval, &got, &flag);
    CHECK(flag && got == &value, "attribute copied by MPI_COMM_DUP_FN");
    deleted = 0;
    MPI_Comm_free(&dup);
    CHECK(deleted == 1, "delete callback on free (%d)", deleted);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval);
    MPI_Comm_get_attr(MPI_COMM_WORLD, keyval, &got, &flag);
    CHECK(!flag && deleted == 2, "attribute deleted");
    MPI_Comm_free_keyval(&keyval);

    MPI_Info_create(&info);
    MPI_Info_set(info, "alpha", "1");
    MPI_Info_set(info, "beta", "two");
    MPI_Info_set(info, "alpha", "one");
    MPI_Info_get_nkeys(info, &nkeys);
    MPI_Info_get_string(info, "alpha", &buflen, text, &flag);
    CHECK(nkeys == 2 && flag && !strcmp(text, "one") && buflen == 4, "info set/get");
    MPI_Info_free(&info);
    CHECK(info == MPI_INFO_NULL, "info free");

    int dims[2] = {0, 0}, periods[2] = {1, 0}, coords[2], src, dst, cart_rank;
    MPI_Dims_create(size, 2, dims);
    CHECK(dims[0] * dims[1] == size && dims[0] >= dims[1], "dims_create %dx%d", dims[0], dims[1]);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Comm_rank(cart, &cart_rank);
    MPI_Cart_coords(cart, cart_rank, 2, coords);
    CHECK(coords[0] * dims[1] + coords[1] == cart_rank, "cart coords");
    MPI_Cart_shift(cart, 0, 1, &src, &dst);
    CHECK(dst == ((coords[0] + 1) % dims[0]) * dims[1] + coords[1], "periodic shift dest %d", dst);
    MPI_Cart_shift(cart, 1, 1, &src, &dst);
    CHECK(coords[1] + 1 < dims[1] || dst == MPI_PROC_NULL, "open boundary shift");
    int remain[2] = {0, 1}, row_size;
    MPI_Cart_sub(cart, remain, &row);
    MPI_Comm_size(row, &row_size);
    CHECK(row_size == dims[1], "cart_sub row size %d", row_size);
    MPI_Comm_free(&row);
    MPI_Comm_free(&cart);

    /* matched probe: the message is ours even with a wildcard */
    int next = (rank + 1) % size, prev = (rank + size - 1) % size, payload[3] = {rank, 2, 3}, in[3];
    MPI_Message message;
    MPI_Status status;
    int count;
    MPI_Send(payload, 3, MPI_INT, next, 40, MPI_COMM_WORLD);
    MPI_Mprobe(MPI_ANY_SOURCE, 40, MPI_COMM_WORLD, &message, &status);
    MPI_Get_elements(&status, MPI_INT, &count);
    MPI_Mrecv(in, 3, MPI_INT, &message, MPI_STATUS_IGNORE);
    CHECK(count == 3 && in[0] == prev && message == MPI_MESSAGE_NULL, "mprobe/mrecv");

    /* buffered sends through an attached buffer, detach waits for them */
    int bsize = 3 * (100 * (int)sizeof(int) + MPI_BSEND_OVERHEAD), detached_size;
    char *bbuf = malloc((size_t)bsize);
    void *detached;
    int bdata[100], bin[100];
    MPI_Buffer_attach(bbuf, bsize);
    for (int m = 0; m < 3; m++) {
        for (int i = 0; i < 100; i++)
            bdata[i] = rank * 1000 + m * 100 + i;
        MPI_Bsend(bdata, 100, MPI_INT, next, 50 + m, MPI_COMM_WORLD);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int huge[1000] = {0};
    int brc = MPI_Bsend(huge, 1000, MPI_INT, next, 59, MPI_COMM_WORLD); /* larger than the buffer */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    int bok = 1;
    for (int m = 2; m >= 0; m--) {
        MPI_Recv(bin, 100, MPI_INT, prev, 50 + m, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        bok &= bin[99] == prev * 1000 + m * 100 + 99;
    }
    MPI_Buffer_detach(&detached, &detached_size);
    CHECK(bok && detached == bbuf && detached_size == bsize, "bsend through attached buffer");
    CHECK(brc == MPI_ERR_BUFFER, "bsend larger than the buffer -> %d", brc);

    /* persistent buffered send: each start takes the data as it is then */
    MPI_Request bsend_req;
    MPI_Status bstatus;
    int bflag = 0;
    MPI_Buffer_attach(bbuf, bsize);
    MPI_Bsend_init(bdata, 100, MPI_INT, next, 60, MPI_COMM_WORLD, &bsend_req);
    bok = 1;
    for (int round = 0; round < 5; round++) {
        for (int i = 0; i < 100; i++)
            bdata[i] = rank * 1000 + round * 100 + i;
        MPI_Start(&bsend_req);
        MPI_Test(&bsend_req, &bflag, MPI_STATUS_IGNORE); /* complete: the data is in the buffer */
        bok &= bflag;
        bdata[0] = -1; /* the buffered copy must not see this */
        MPI_Recv(bin, 100, MPI_INT, prev, 60, MPI_COMM_WORLD, &bstatus);
        bok &= bin[0] == prev * 1000 + round * 100 && bin[99] == prev * 1000 + round * 100 + 99;
    }
    CHECK(bok, "persistent buffered send");
    MPI_Request_free(&bsend_req);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Bsend_init(huge, 1000, MPI_INT, next, 61, MPI_COMM_WORLD, &bsend_req);
    brc = MPI_Start(&bsend_req);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    CHECK(brc == MPI_ERR_BUFFER, "persistent bsend larger than the buffer -> %d", brc);
    MPI_Request_free(&bsend_req);
    MPI_Buffer_detach(&detached, &detached_size);
    free(bbuf);

    void *memory = NULL;
    MPI_Alloc_mem(1 << 16, MPI_INFO_NULL, &memory);
    CHECK(memory != NULL, "alloc_mem");
    MPI_Free_mem(memory);
}

static void test_unsupported(void)
{
    MPI_Win win;
    int rc;

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Win_create(NULL, 0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    CHECK(rc == MPI_ERR_UNSUPPORTED_OPERATION, "unimplemented -> %d", rc);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

/*
 * Completion calls on receives whose message cannot have been sent yet:
 * prev sends only after a barrier that this rank enters after testing, so
 * "not done" is certain; after the send, waiting or testing in a loop
 * must see exactly the requests that were sent.
 */
static void test_completion(void)
{
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    int out[3] = {rank + 1, rank + 2, rank + 3}, in[3] = {0, 0, 0};
    int index = -5, flag = -5, outcount = -5, indices[3];
    MPI_Request r[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Status status, statuses[3];

    MPI_Testany(3, r, &index, &flag, &status);
    CHECK(flag == 1 && index == MPI_UNDEFINED, "testany of nulls: flag %d index %d", flag, index);
    MPI_Testall(3, r, &flag, MPI_STATUSES_IGNORE);
    CHECK(flag == 1, "testall of nulls: flag %d", flag);
    MPI_Waitany(3, r, &index, MPI_STATUS_IGNORE);
    CHECK(index == MPI_UNDEFINED, "waitany of nulls: index %d", index);
    MPI_Testsome(3, r, &outcount, indices, MPI_STATUSES_IGNORE);
    CHECK(outcount == MPI_UNDEFINED, "testsome of nulls: outcount %d", outcount);
    MPI_Waitsome(3, r, &outcount, indices, MPI_STATUSES_IGNORE);
    CHECK(outcount == MPI_UNDEFINED, "waitsome of nulls: outcount %d", outcount);

    /* any: tag 22 sent first, then tag 21 */
    MPI_Irecv(&in[0], 1, MPI_INT, prev, 21, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&in[1], 1, MPI_INT, prev, 22, MPI_COMM_WORLD, &r[1]);
    MPI_Testany(2, r, &index, &flag, &status);
    CHECK(flag == 0 && index == MPI_UNDEFINED, "testany, none sent: flag %d index %d", flag,
          index);
    MPI_Testall(2, r, &flag, MPI_STATUSES_IGNORE);
    CHECK(flag == 0 && r[0] != MPI_REQUEST_NULL, "testall, none sent: flag %d", flag);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&out[1], 1, MPI_INT, next, 22, MPI_COMM_WORLD);
    MPI_Waitany(2, r, &index, &status);
    CHECK(index == 1 && status.MPI_TAG == 22 && status.MPI_SOURCE == prev && in[1] == prev + 2 &&
              r[1] == MPI_REQUEST_NULL,
          "waitany: index %d tag %d", index, status.MPI_TAG);
    MPI_Testany(2, r, &index, &flag, &status);
    CHECK(flag == 0 && index == MPI_UNDEFINED, "testany, 21 not sent: flag %d index %d", flag,
          index);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&out[0], 1, MPI_INT, next, 21, MPI_COMM_WORLD);
    do
        MPI_Testany(2, r, &index, &flag, &status);
    while (!flag);
    CHECK(index == 0 && status.MPI_TAG == 21 && in[0] == prev + 1 && r[0] == MPI_REQUEST_NULL,
          "testany: index %d tag %d", index, status.MPI_TAG);

    /* some and all: tags 31 and 33 sent, then 32 */
    for (int i = 0; i < 3; i++)
        MPI_Irecv(&in[i], 1, MPI_INT, prev, 31 + i, MPI_COMM_WORLD, &r[i]);
    MPI_Testsome(3, r, &outcount, indices, statuses);
    CHECK(outcount == 0, "testsome, none sent: outcount %d", outcount);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&out[2], 1, MPI_INT, next, 33, MPI_COMM_WORLD);
    MPI_Send(&out[0], 1, MPI_INT, next, 31, MPI_COMM_WORLD);
    int seen = 0, bad = 0;
    for (int rounds = 0; seen != 5 && rounds < 2; rounds++) {
        MPI_Waitsome(3, r, &outcount, indices, statuses);
        for (int k = 0; k < outcount; k++)
            if (indices[k] == 1 || statuses[k].MPI_TAG != 31 + indices[k])
                bad++;
            else
                seen |= 1 << indices[k];
    }
    CHECK(seen == 5 && bad == 0 && in[0] == prev + 1 && in[2] == prev + 3,
          "waitsome: seen %#x, %d wrong", seen, bad);
    MPI_Testall(3, r, &flag, statuses);
    CHECK(flag == 0 && r[1] != MPI_REQUEST_NULL, "testall, 32 not sent: flag %d", flag);
    MPI_Testsome(3, r, &outcount, indices, statuses);
    CHECK(outcount == 0, "testsome, 32 not sent: outcount %d", outcount);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&out[1], 1, MPI_INT, next, 32, MPI_COMM_WORLD);
    do
        MPI_Testall(3, r, &flag, statuses);
    while (!flag);
    CHECK(r[1] == MPI_REQUEST_NULL && statuses[1].MPI_TAG == 32 && in[1] == prev + 2,
          "testall: tag %d", statuses[1].MPI_TAG);
    MPI_Testsome(3, r, &outcount, indices, statuses);
    CHECK(outcount == MPI_UNDEFINED, "testsome after all: outcount %d", outcount);
}

/*
 * Prints the job's tally on rank 0. The counts travel by plain sends, not
 * by the library's own reductions, which this test checks.
 */
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    test_environment();
    test_p2p();
    test_completion();
    test_datatypes();
    test_collectives();
    test_communicators();
    test_attributes_info_topology();
    test_unsupported();
    int total_failures = check_report("mpi_basic");
    MPI_Finalize();
    return failures || total_failures ? 1 : 0;
}
