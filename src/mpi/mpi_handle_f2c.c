/*
 * C and Fortran handles (MPI_*_c2f, MPI_*_f2c): every vmpl handle is an
 * integer below 2^31 (mpi_handle.h), so both directions keep the value.
 * A Fortran handle that names nothing converts to a C handle that every
 * call rejects with the class of its kind. The calls need no MPI_Init.
 */
#include "mpi_impl.h"

MPI_Fint PMPI_Comm_c2f(MPI_Comm comm)
{
    return (MPI_Fint)(uintptr_t)comm;
}
MPI_WEAK(Comm_c2f)

MPI_Comm PMPI_Comm_f2c(MPI_Fint comm)
{
    return (MPI_Comm)(uintptr_t)(uint32_t)comm;
}
MPI_WEAK(Comm_f2c)

MPI_Fint PMPI_Errhandler_c2f(MPI_Errhandler errhandler)
{
    return (MPI_Fint)(uintptr_t)errhandler;
}
MPI_WEAK(Errhandler_c2f)

MPI_Errhandler PMPI_Errhandler_f2c(MPI_Fint errhandler)
{
    return (MPI_Errhandler)(uintptr_t)(uint32_t)errhandler;
}
MPI_WEAK(Errhandler_f2c)

MPI_Fint PMPI_File_c2f(MPI_File file)
{
    return (MPI_Fint)(uintptr_t)file;
}
MPI_WEAK(File_c2f)

MPI_File PMPI_File_f2c(MPI_Fint file)
{
    return (MPI_File)(uintptr_t)(uint32_t)file;
}
MPI_WEAK(File_f2c)

MPI_Fint PMPI_Group_c2f(MPI_Group group)
{
    return (MPI_Fint)(uintptr_t)group;
}
MPI_WEAK(Group_c2f)

MPI_Group PMPI_Group_f2c(MPI_Fint group)
{
    return (MPI_Group)(uintptr_t)(uint32_t)group;
}
MPI_WEAK(Group_f2c)

MPI_Fint PMPI_Info_c2f(MPI_Info info)
{
    return (MPI_Fint)(uintptr_t)info;
}
MPI_WEAK(Info_c2f)

MPI_Info PMPI_Info_f2c(MPI_Fint info)
{
    return (MPI_Info)(uintptr_t)(uint32_t)info;
}
MPI_WEAK(Info_f2c)

MPI_Fint PMPI_Message_c2f(MPI_Message message)
{
    return (MPI_Fint)(uintptr_t)message;
}
MPI_WEAK(Message_c2f)

MPI_Message PMPI_Message_f2c(MPI_Fint message)
{
    return (MPI_Message)(uintptr_t)(uint32_t)message;
}
MPI_WEAK(Message_f2c)

MPI_Fint PMPI_Op_c2f(MPI_Op op)
{
    return (MPI_Fint)(uintptr_t)op;
}
MPI_WEAK(Op_c2f)

MPI_Op PMPI_Op_f2c(MPI_Fint op)
{
    return (MPI_Op)(uintptr_t)(uint32_t)op;
}
MPI_WEAK(Op_f2c)

MPI_Fint PMPI_Request_c2f(MPI_Request request)
{
    return (MPI_Fint)(uintptr_t)request;
}
MPI_WEAK(Request_c2f)

MPI_Request PMPI_Request_f2c(MPI_Fint request)
{
    return (MPI_Request)(uintptr_t)(uint32_t)request;
}
MPI_WEAK(Request_f2c)

MPI_Fint PMPI_Session_c2f(MPI_Session session)
{
    return (MPI_Fint)(uintptr_t)session;
}
MPI_WEAK(Session_c2f)

MPI_Session PMPI_Session_f2c(MPI_Fint session)
{
    return (MPI_Session)(uintptr_t)(uint32_t)session;
}
MPI_WEAK(Session_f2c)

MPI_Fint PMPI_Type_c2f(MPI_Datatype datatype)
{
    return (MPI_Fint)(uintptr_t)datatype;
}
MPI_WEAK(Type_c2f)

MPI_Datatype PMPI_Type_f2c(MPI_Fint datatype)
{
    return (MPI_Datatype)(uintptr_t)(uint32_t)datatype;
}
MPI_WEAK(Type_f2c)

MPI_Fint PMPI_Win_c2f(MPI_Win win)
{
    return (MPI_Fint)(uintptr_t)win;
}
MPI_WEAK(Win_c2f)

MPI_Win PMPI_Win_f2c(MPI_Fint win)
{
    return (MPI_Win)(uintptr_t)(uint32_t)win;
}
MPI_WEAK(Win_f2c)
