// Package csaproto is a client of the CSA server protocol (version 1.2 and its
// extensions as shogi-server and floodgate run them), the protocol of computer
// shogi tournaments and of floodgate.
//
// The server's messages are read by [ParseMessage] (login, START and REJECT, moves
// with their times "T12" or V3's "T1.234", the declarations %TORYO %KACHI %CHUDAN,
// the reasons #RESIGN #TIME_UP #ILLEGAL_MOVE #SENNICHITE #OUTE_SENNICHITE #JISHOGI
// #MAX_MOVES and the results #WIN #LOSE #DRAW #CENSORED #CHUDAN) and the
// Game_Summary by [ParseSummary], whose time section is read by
// [clock.ParseSummaryTime] and whose position (with the moves already played, each
// checked) by the csa package. floodgate's PV comments ("'* 30 -3334FU +2726FU")
// are read and written by [ParseComment] and [FormatComment].
//
// A [Client] plays over a connection: [Client.Login] (or [Client.LoginExtended]
// with shogi-server's "x1"), [Client.WaitGame], [Client.Agree] or
// [Client.Reject], [Client.Move] and [Client.Next] until a [Result],
// [Client.Resign], [Client.Declare], [Client.Chudan] and [Client.Logout]. Every call
// takes a context: when it is done the call returns and the connection is closed
// with the reason ([Client.Err]). A server that closes the connection is
// [ErrServerClosed], never a hang. [Config.KeepAlive] sends an empty line while the
// client is idle, and [Config.Hook] sees every line in and out (a password is
// shown as "*").
//
// Every malformed server message is an [*Error] with the number of its line on the
// connection, its text, and a reason [Code] names.
package csaproto
