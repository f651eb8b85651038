// SPDX-License-Identifier: GPL-3.0-or-later

/// XFDF files written after the examples of ISO 19444-1 (and as Acrobat writes them): the
/// header, `<annots>` with highlights, ink, notes with replies and review states, `<f>` and
/// `<ids>`, and the hostile files an import must refuse.
enum XFDFFixtures {
    static let highlight = """
        <?xml version="1.0" encoding="UTF-8" ?>
        <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
        <annots>
        <highlight color="#FFFF00" creationdate="D:20220912102600-07'00'" flags="print" date="D:20220912102612-07'00'" \
        name="a1f7d5b6-6a4e-4c1a-9a4b-1c2d3e4f5a6b" page="0" coords="72,720,300,720,72,700,300,700" \
        rect="71.5,699.5,300.5,720.5" subject="Highlight" title="Jane Reviewer" opacity="0.5">
        <contents>Check this figure &amp; its caption.</contents>
        <popup flags="print,nozoom,norotate" open="no" page="0" rect="400,620,580,740"/>
        </highlight>
        <underline color="#0000FF" date="D:20220912102700Z" name="u-1" page="0" coords="72,650,200,650,72,640,200,640" \
        rect="72,640,200,650" title="Jane Reviewer"/>
        </annots>
        <f href="Document.pdf"/>
        <ids original="7A0631678ED475F0898815F0A818CFA1" modified="BEF7724317B311718E8675B677EF9B4E"/>
        </xfdf>
        """

    static let ink = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
          <annots>
            <ink color="#FF0000" date="D:20220912103000Z" flags="print" name="ink-7" page="0" rect="90,90,210,160" title="Jane Reviewer" width="3">
              <inklist>
                <gesture>100,100;120,130;150,120;200,150</gesture>
                <gesture>100,150;200,100</gesture>
              </inklist>
            </ink>
          </annots>
        </xfdf>
        """

    /// A note, a reply to it, a review state set on it and a mark, as Acrobat writes them.
    static let notesWithRepliesAndStates = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
        <annots>
        <text color="#FFFF00" creationdate="D:20220913090000Z" date="D:20220913090000Z" flags="print,nozoom,norotate" \
        icon="Comment" name="note-1" page="0" rect="500,700,520,720" subject="Sticky Note" title="Jane Reviewer">
        <contents>Is this number right?</contents>
        <popup flags="print,nozoom,norotate" open="yes" page="0" rect="520,600,700,720"/>
        </text>
        <text color="#FFFF00" date="D:20220913100000Z" flags="print,nozoom,norotate" icon="Comment" inreplyto="note-1" \
        name="reply-1" page="0" rect="500,700,520,720" replyType="reply" title="John Author">
        <contents>Yes, from the 2021 survey.</contents>
        </text>
        <text color="#FFFF00" date="D:20220913110000Z" flags="print,nozoom,norotate,hidden" icon="Comment" inreplyto="note-1" \
        name="state-1" page="0" rect="500,700,520,720" state="Accepted" statemodel="Review" title="Jane Reviewer">
        <contents>Accepted set by Jane Reviewer</contents>
        </text>
        <text color="#FFFF00" date="D:20220913110500Z" flags="print,nozoom,norotate,hidden" icon="Comment" inreplyto="note-1" \
        name="mark-1" page="0" rect="500,700,520,720" state="Marked" statemodel="Marked" title="Jane Reviewer"/>
        </annots>
        </xfdf>
        """

    /// Entities that expand to 10⁹ "lol"s.
    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE xfdf [
         <!ENTITY lol "lol">
         <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
         <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
         <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
         <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
         <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
         <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
         <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
         <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <xfdf xmlns="http://ns.adobe.com/xfdf/"><annots><text page="0" rect="0,0,20,20" name="x"><contents>&lol9;</contents></text></annots></xfdf>
        """

    /// An external entity that would read a local file into the note.
    static let externalEntity = """
        <?xml version="1.0"?>
        <!DOCTYPE xfdf SYSTEM "file:///etc/passwd">
        <xfdf xmlns="http://ns.adobe.com/xfdf/"><annots><text page="0" rect="0,0,20,20" name="x"><contents>&xxe;</contents></text></annots></xfdf>
        """

    static let externalEntityDeclared = """
        <?xml version="1.0"?>
        <!DOCTYPE xfdf [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
        <xfdf xmlns="http://ns.adobe.com/xfdf/"><annots><text page="0" rect="0,0,20,20" name="x"><contents>&xxe;</contents></text></annots></xfdf>
        """

    static let malformed = """
        <?xml version="1.0"?>
        <xfdf xmlns="http://ns.adobe.com/xfdf/"><annots><text page="0" rect="0,0,20,20"><contents>unclosed</text></annots></xfdf>
        """

    static let foreign = """
        <?xml version="1.0"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>
        """

    /// XFDF with what the editor leaves out: an attachment, an element of another namespace, an
    /// annotation missing its page, and one good square.
    static let partlyForeign = """
        <?xml version="1.0"?>
        <xfdf xmlns="http://ns.adobe.com/xfdf/" xmlns:o="urn:other">
        <annots>
        <fileattachment page="0" rect="10,10,30,30" name="att"/>
        <o:gadget page="0" rect="0,0,1,1"/>
        <square rect="10,10,30,30" name="no-page"/>
        <square page="0" rect="40,40,90,80" name="sq" color="#00FF00" interior-color="#FF00FF" width="2" style="dash" dashes="4,2"/>
        </annots>
        <o:extra/>
        </xfdf>
        """
}
