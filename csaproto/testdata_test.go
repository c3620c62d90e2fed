package csaproto

import "strings"

// summaryText is a Game_Summary in the shape of the protocol document's and
// floodgate's, written from the facts: the client plays Black.
const summaryText = `BEGIN Game_Summary
Protocol_Version:1.2
Protocol_Mode:Server
Format:Shogi 1.0
Declaration:Jishogi 1.1
Game_ID:wdoor+floodgate-300-10F+alice+bob+20261126120000
Name+:alice
Name-:bob
Your_Turn:+
Rematch_On_Draw:NO
To_Move:+
Max_Moves:256
BEGIN Time
Time_Unit:1sec
Total_Time:300
Byoyomi:0
Increment:10
Least_Time_Per_Move:0
END Time
BEGIN Position
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
P+
P-
+
END Position
END Game_Summary`

func summaryLines() []string { return strings.Split(summaryText, "\n") }

// withLine returns the summary with line i (0-based) replaced, or removed when
// text is "\x00".
func withLine(i int, text string) []string {
	l := summaryLines()
	if text == "\x00" {
		return append(l[:i:i], l[i+1:]...)
	}
	l[i] = text
	return l
}
