<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="fid_shared_cells" tilewidth="32" tileheight="32" tilecount="30" columns="8">
  <image source="fid_shared_cells.png" width="256" height="128"/>
  <tile id="0"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="1"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="2"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="3"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="4"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="5"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="6"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="7"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="8"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="9"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="10"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="11"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="12"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="13"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="14"><properties><property name="space" value="market"/></properties></tile>
  <tile id="15"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="16"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="17"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="18"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="19"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="20"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="21"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="22"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="23"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="24"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="25"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="26"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="27"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="28"><properties><property name="space" value="pampas"/></properties></tile>
  <tile id="29"><properties><property name="space" value="pampas"/></properties></tile>
</tileset>
